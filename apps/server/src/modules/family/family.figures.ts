import type { Db } from '../../db/client';
import { freshFor } from '../../lib/fresh-for';
import * as movement from './family-movement.repository';
import * as repo from './family.repository';

/**
 * The figures every family on one grade's waiting list shares: the positions in each priority group (a family's rank
 * in its group is counted from them) and the list's movement per week, this season and last. On results day
 * thousands of families read the same few lists, so the portal keeps each read for FAMILY_LIST_FRESH_SECONDS (a
 * move shows within it, well inside the minute docs/family-portal.md promises); a family's own stage, position and
 * offer are always read fresh. The names of the places (school, campus, grade, period, priority group) and the
 * campus's contact are kept alike: a renamed grade or a new phone number shows within the same seconds. With 0, every
 * request reads them (the bench's direct side, most tests).
 */
export type WaitingFigures = ReturnType<typeof waitingFigures>;

export function waitingFigures(db: Db, freshMs = 0) {
  return {
    positions: freshFor(freshMs, (group: repo.WaitingGroup) => repo.waitingPositions(db, group)),
    listMovement: freshFor(freshMs, (list: { id_campus_year: number; id_grade: number | null }) =>
      movement.listMovement(db, list.id_campus_year, list.id_grade),
    ),
    previousPeriod: freshFor(freshMs, (id_campus_year: number) => movement.previousPeriod(db, id_campus_year)),
    /** The names of an application's school, campus, grade, period and group, and the campus's contact. */
    placeNames: freshFor(freshMs, (place: repo.Place) => repo.placeNames(db, place)),
  };
}

/** How many places of the group are at or ahead of `position` (1: first of its group). */
export function rankAmong(positions: number[], position: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (positions[mid] <= position) low = mid + 1;
    else high = mid;
  }
  return low;
}
