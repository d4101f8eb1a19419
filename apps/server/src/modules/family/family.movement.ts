import type { FamilyWaiting } from '@openseat/shared/schemas/family';
import type { WaitingFigures } from './family.figures';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The Monday (UTC) of the week holding `at`, as milliseconds. */
function mondayOf(at: Date): number {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return day - ((at.getUTCDay() + 6) % 7) * (WEEK_MS / 7);
}

/**
 * How far the grade's waiting list moved this season and, beside it, in the campus's previous school period: weeks
 * counted from each list's own first week, so week 3 this year and week 3 last year are the same distance into the
 * list's life. Counts only (docs/family-portal.md).
 */
export async function listMovementOf(
  figures: WaitingFigures,
  app: { id_campus_year: number | null; id_grade: number | null },
  now: Date,
): Promise<Pick<FamilyWaiting, 'movedPerWeek' | 'thisWeek' | 'lastSeason'>> {
  if (app.id_campus_year === null) return { movedPerWeek: [], thisWeek: null, lastSeason: null };
  const [current, previous] = await Promise.all([
    figures.listMovement({ id_campus_year: app.id_campus_year, id_grade: app.id_grade }),
    figures.previousPeriod(app.id_campus_year),
  ]);
  const before =
    previous && (await figures.listMovement({ id_campus_year: previous.id_campus_year, id_grade: app.id_grade }));
  return {
    movedPerWeek: current.weeks,
    thisWeek:
      current.firstWeek === null
        ? null
        : Math.max(1, Math.round((mondayOf(now) - Date.parse(current.firstWeek)) / WEEK_MS) + 1),
    lastSeason:
      before && before.firstWeek !== null
        ? { schoolYear: previous.schoolYear, movedPerWeek: before.weeks.map(({ week, moved }) => ({ week, moved })) }
        : null,
  };
}
