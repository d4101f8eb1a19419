import { CONTEXT_TYPE, SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import type { SessionUser } from '@openseat/shared/schemas/auth';
import type { RoleRow } from '@openseat/shared/schemas/roles';

/**
 * How far the signed-in caller reaches, as the user dialog needs it. The server decides (users.service
 * `placementFor`); the dialog only offers what the server would accept, so a caller never sees a choice
 * that grants more reach than it holds.
 */
export type Reach = {
  /** Every school (a system user that has not switched into one school). */
  system: boolean;
  /** Every campus of its school: school users, switched maintainers or system users, all-campus users. */
  wholeSchool: boolean;
  /** Sees every campus of its school (a whole-school caller, or a campus user with isAllCampuses). */
  allCampuses: boolean;
  /** Only a SuperAdmin may give the SuperAdmin role. */
  superAdmin: boolean;
};

export function reachOf(user: SessionUser): Reach {
  const system = user.id_context_type === CONTEXT_TYPE.SYSTEM && !user.schoolSwitch;
  const schoolLevel =
    user.schoolSwitch || user.id_context_type === CONTEXT_TYPE.SCHOOL || user.id_context_type === CONTEXT_TYPE.SYSTEM;
  const wholeSchool = system || schoolLevel;
  return {
    system,
    wholeSchool,
    allCampuses: wholeSchool || user.isAllCampuses,
    superAdmin: user.role?.name === SUPER_ADMIN_ROLE,
  };
}

/** Role levels a caller may give: never above its own (system > school and maintainer > campus). */
export function assignableContexts(reach: Reach): number[] {
  if (reach.system)
    return [CONTEXT_TYPE.SYSTEM, CONTEXT_TYPE.SCHOOL, CONTEXT_TYPE.CAMPUS, CONTEXT_TYPE.SCHOOL_MAINTAINER];
  if (reach.wholeSchool) return [CONTEXT_TYPE.SCHOOL, CONTEXT_TYPE.CAMPUS, CONTEXT_TYPE.SCHOOL_MAINTAINER];
  return [CONTEXT_TYPE.CAMPUS];
}

/** The active roles the caller may give, in the list's order. */
export function assignableRoles(roles: readonly RoleRow[], reach: Reach): RoleRow[] {
  const contexts = assignableContexts(reach);
  return roles.filter(
    (r) => r.isActive && contexts.includes(r.id_context_type) && (r.name !== SUPER_ADMIN_ROLE || reach.superAdmin),
  );
}

/** "Sees all campuses" widens a campus user to the whole school: only a caller that sees every campus offers it. */
export const mayGrantAllCampuses = (reach: Reach) => reach.allCampuses;
