import { wallClock, zonedInstant } from './zoned-time';

/*
 * Quiet hours for text messages (issue 28): no SMS reaches a family between, say, 8 pm and 8 am where their campus
 * is; a text due then waits for the morning. The window is wall time in the zone, so it moves with daylight saving.
 */

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * When quiet hours (`start` to `end`, HH:MM in `timeZone`) hold at `now`: the instant they end; otherwise null. A
 * window across midnight (20:00 to 08:00) ends the next morning; equal start and end mean no quiet hours.
 */
export function quietHoursEnd(now: Date, timeZone: string, start: string, end: string): Date | null {
  if (start === end) return null;
  const wall = wallClock(timeZone, now);
  const time = `${wall.hour}:${wall.minute}`;
  const today = `${wall.year}-${wall.month}-${wall.day}`;
  const acrossMidnight = start > end;
  const quiet = acrossMidnight ? time >= start || time < end : time >= start && time < end;
  if (!quiet) return null;
  return zonedInstant(timeZone, acrossMidnight && time >= start ? nextDay(today) : today, end);
}
