import { CONTEXT_TYPE } from './constants';

/** What a caller's level is judged on: its role's context type and whether it switched into one school. */
export type CallerLevel = { id_context_type: number; schoolSwitch: boolean };

/** A caller's level and whether it sees every campus of its school (the session's `isAllCampuses`). */
export type CallerReach = CallerLevel & { isAllCampuses: boolean };

/**
 * Role levels a caller may give: never above its own. A system user that has not chosen a school gives every
 * level; a school-level caller (a school user, or a system user or maintainer working inside one school) gives
 * school, campus and maintainer roles; a campus user, even one that sees every campus, gives campus roles only;
 * a maintainer that has not chosen a school gives none.
 */
export function assignableContextTypes(caller: CallerLevel): number[] {
  if (caller.id_context_type === CONTEXT_TYPE.SYSTEM && !caller.schoolSwitch)
    return [CONTEXT_TYPE.SYSTEM, CONTEXT_TYPE.SCHOOL, CONTEXT_TYPE.CAMPUS, CONTEXT_TYPE.SCHOOL_MAINTAINER];
  if (caller.id_context_type === CONTEXT_TYPE.CAMPUS) return [CONTEXT_TYPE.CAMPUS];
  // a maintainer works only inside the school it chose
  if (caller.id_context_type === CONTEXT_TYPE.SCHOOL_MAINTAINER && !caller.schoolSwitch) return [];
  return [CONTEXT_TYPE.SCHOOL, CONTEXT_TYPE.CAMPUS, CONTEXT_TYPE.SCHOOL_MAINTAINER];
}

/**
 * "Sees all campuses" widens a campus user to the whole school: only a caller that sees every campus gives it
 * (a system or school user, anyone switched into one school, a campus user that sees every campus itself).
 * The user dialog offers the box on this rule and the server refuses a save on it.
 */
export function mayGrantAllCampuses(caller: CallerReach): boolean {
  const wholeSchool =
    caller.schoolSwitch ||
    caller.id_context_type === CONTEXT_TYPE.SCHOOL ||
    caller.id_context_type === CONTEXT_TYPE.SYSTEM;
  return wholeSchool || caller.isAllCampuses;
}
