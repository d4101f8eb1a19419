import type { OfferDeadlineRule } from './schemas/offer-deadline';
import { wallClock, zonedInstant } from './zoned-time';

/*
 * When an offer lapses, by its school period's deadline rule (issue 24, item 4; docs/api-waiting-list.md, "Offer
 * deadline rule"). Every day here is a calendar day in the school's time zone, never the server's or UTC's.
 *
 * - A day is *open* unless it is a Saturday or Sunday while the rule skips weekends, or one of its holidays.
 * - N days: the deadline is at the time of day on the N-th open day after the day the offer is published; the
 *   publication day itself never counts, whatever its hour (an offer published at 23:30 with N = 1 lapses the next
 *   open day at the time of day). Without skipped days these are calendar days.
 * - N = 0: the same day at the time of day if that is still ahead and the day is open, else the next open day.
 * - Fixed date: at the time of day on that date, or on the next open day when the date is not open. A fixed deadline
 *   that is not after the publication is ignored, so a late offer is never born lapsed (it gets the N-day deadline,
 *   or none without N).
 * - Both: the earlier. Neither: null, the offer never lapses.
 * A deadline is always after the publication. A time of day that a daylight-saving change skips gives what
 * `zonedInstant` gives for it; one that comes twice gives its first occurrence.
 */

export type ZonedOfferDeadlineRule = OfferDeadlineRule & { timeZone: string };

/** A school period's rule as stored: the deadline rule, and the acceptance days it replaces. */
export type PeriodOfferDeadlineRule = ZonedOfferDeadlineRule & { acceptanceDays: number };

const DAY_MS = 86_400_000;

/**
 * When an offer of the period lapses. A period whose rule has neither days nor a fixed date keeps the rule it had
 * before the deadline rule existed: the publication's own hour + its acceptance days (24-hour days), and 0 days:
 * never. So every period saved before the rule goes on as it did.
 */
export function periodOfferDeadlineOf(rule: PeriodOfferDeadlineRule, publishedAt: Date): Date | null {
  if (rule.days !== null || rule.fixedDate !== null) return offerDeadlineOf(rule, publishedAt);
  return rule.acceptanceDays > 0 ? new Date(publishedAt.getTime() + rule.acceptanceDays * DAY_MS) : null;
}

/** The instant an offer published at `publishedAt` lapses, or null when it never does. */
export function offerDeadlineOf(rule: ZonedOfferDeadlineRule, publishedAt: Date): Date | null {
  const calendar = new SchoolCalendar(rule);
  const byDays = rule.days === null ? null : calendar.afterDays(publishedAt, rule.days);
  const fixed = rule.fixedDate === null ? null : calendar.fixed(rule.fixedDate, publishedAt);
  if (!byDays || !fixed) return byDays ?? fixed;
  return fixed < byDays ? fixed : byDays;
}

class SchoolCalendar {
  private readonly holidays: Set<string>;

  constructor(private readonly rule: ZonedOfferDeadlineRule) {
    this.holidays = new Set(rule.holidays);
  }

  afterDays(publishedAt: Date, days: number): Date {
    let day = this.dayOf(publishedAt);
    for (let left = days; left > 0;) {
      day = nextDay(day);
      if (this.isOpen(day)) left--;
    }
    return this.firstOpenAfter(day, publishedAt);
  }

  fixed(date: string, publishedAt: Date): Date | null {
    let day = date;
    while (!this.isOpen(day)) day = nextDay(day);
    const deadline = this.at(day);
    return deadline > publishedAt ? deadline : null;
  }

  /** The time of day on `day`, or on the first open day after it, that is later than `publishedAt`. */
  private firstOpenAfter(day: string, publishedAt: Date): Date {
    for (; ; day = nextDay(day)) {
      if (!this.isOpen(day)) continue;
      const deadline = this.at(day);
      if (deadline > publishedAt) return deadline;
    }
  }

  private isOpen(day: string): boolean {
    return !(this.rule.skipWeekends && isWeekend(day)) && !this.holidays.has(day);
  }

  private at(day: string): Date {
    return zonedInstant(this.rule.timeZone, day, this.rule.timeOfDay);
  }

  private dayOf(instant: Date): string {
    const wall = wallClock(this.rule.timeZone, instant);
    return `${wall.year}-${wall.month}-${wall.day}`;
  }
}

/** Dates without a time: read as UTC midnights, so no daylight-saving change can make a day 23 or 25 hours. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}
