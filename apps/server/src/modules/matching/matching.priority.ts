import type { CampusPriority, MatchCampus, MatchStudent } from './matching.types';

/*
 * A program's order over the students who rank it (docs/matching.md, "The order at a program"): the level first,
 * then the key from the student's single number, then the smaller id. It depends on the student and the program's
 * campus only, never on the student's list: that is what keeps the match strategy-proof.
 */

/**
 * The weighted key (Efraimidis–Spirakis), the lottery's own (docs/lottery-algorithm.md, section 4): u^(1/w), a larger
 * key first; weight 1 keeps the number itself, so with every weight 1 ties are broken by the single number alone.
 */
export const keyOf = (u: number, weight: number) => (weight === 1 ? u : u ** (1 / weight));

/** The student's priority item at the campus, if any (a loop, not `find`: this runs for every ranked program). */
function itemAt(campus: MatchCampus, student: MatchStudent): CampusPriority | undefined {
  for (const item of student.priorities) if (item.id_campus === campus.id_campus) return item;
  return undefined;
}

/**
 * The level `student` is served at by the programs of `campus`: its priority item's level there (none: the campus's
 * no-priority level), or the campus's sibling level when a brother or sister is enrolled there and that level is
 * lower (better).
 */
export function levelAt(campus: MatchCampus, student: MatchStudent): number {
  const own = itemAt(campus, student)?.level ?? campus.noPriorityLevel;
  if (campus.siblingLevel === null || campus.siblingLevel >= own) return own;
  for (const id_campus of student.siblingCampuses) if (id_campus === campus.id_campus) return campus.siblingLevel;
  return own;
}

/** The weight of the student's priority item at the campus (1 without one); a sibling lift keeps it. */
export const weightAt = (campus: MatchCampus, student: MatchStudent): number => itemAt(campus, student)?.weight ?? 1;
