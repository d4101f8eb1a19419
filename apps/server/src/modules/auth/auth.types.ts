import type { AppAbility } from '@openseat/shared/ability';
import type { PermissionRule } from '@openseat/shared/schemas/auth';
import type { Scope } from '../../lib/scope';

/** The signed-in caller as every route sees it: built from the stored user on each request. */
export type Principal = {
  id_user: number;
  id_context_type: number;
  id_role: number;
  roleName: string;
  /** The school the caller works in (own school, or the one chosen at login-with-school). */
  id_school: number | null;
  id_campus: number | null;
  isAllCampuses: boolean;
  schoolSwitch: boolean;
  /** A school maintainer who has not chosen a school yet may do nothing but choose one. */
  needsSchoolChoice: boolean;
  scope: Scope;
  rules: PermissionRule[];
  ability: AppAbility;
  /** The sign-in (refresh-token family) the request came with: a password change keeps only this one. */
  sessionId: string;
};
