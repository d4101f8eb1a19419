import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { SessionUser } from '@openseat/shared/schemas/auth';

/**
 * "Sees all campuses" widens a campus user to the whole school: only a caller that sees every campus offers it.
 * The server decides (users.service `placementFor`); the role list itself comes from GET /user/assignable-roles.
 */
export function mayGrantAllCampuses(user: SessionUser): boolean {
  const wholeSchool =
    user.schoolSwitch || user.id_context_type === CONTEXT_TYPE.SCHOOL || user.id_context_type === CONTEXT_TYPE.SYSTEM;
  return wholeSchool || user.isAllCampuses;
}
