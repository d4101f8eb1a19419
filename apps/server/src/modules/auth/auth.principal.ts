import { buildAbility } from '@openseat/shared/ability';
import { CONTEXT_TYPE, DEFAULT_THEME, FALLBACK_LANGUAGE } from '@openseat/shared/constants';
import type { PermissionRule, SessionUser } from '@openseat/shared/schemas/auth';
import type { Executor } from '../../db/client';
import type { Scope } from '../../lib/scope';
import { SYSTEM_SCOPE } from '../../lib/scope';
import * as repo from './auth.repository';
import type { UserRecord } from './auth.repository';
import type { Principal } from './auth.types';

export type { Principal };

const NOTHING: Scope = { id_school: 0, campusIds: [] };

function scopeOf(user: UserRecord, chosenSchool: number | null): Scope {
  if (chosenSchool !== null) return { id_school: chosenSchool, campusIds: null };
  switch (user.id_context_type) {
    case CONTEXT_TYPE.SYSTEM:
      return SYSTEM_SCOPE;
    case CONTEXT_TYPE.SCHOOL:
      return user.id_school ? { id_school: user.id_school, campusIds: null } : NOTHING;
    case CONTEXT_TYPE.CAMPUS:
      if (!user.id_school) return NOTHING;
      if (user.isAllCampuses) return { id_school: user.id_school, campusIds: null };
      return { id_school: user.id_school, campusIds: user.id_campus ? [user.id_campus] : [] };
    default:
      return NOTHING;
  }
}

/** The role as the sign-in check reads it (null when the user's role is gone). */
export type RoleOfUser = { name: string; isActive: boolean } | null;

export async function buildPrincipal(
  db: Executor,
  user: UserRecord,
  chosenSchool: number | null,
  sessionId: string,
): Promise<Principal> {
  // both at once (two connections of a server's pool)
  const [role, rules] = await Promise.all([repo.findRole(db, user.id_role), repo.findRoleRules(db, user.id_role)]);
  return principalOf(user, role ?? null, rules, chosenSchool, sessionId);
}

/** The caller from the stored user, role and rules: an inactive role's rules are dropped. */
export function principalOf(
  user: UserRecord,
  role: RoleOfUser,
  roleRules: PermissionRule[],
  chosenSchool: number | null,
  sessionId: string,
): Principal {
  const needsSchoolChoice = user.id_context_type === CONTEXT_TYPE.SCHOOL_MAINTAINER && chosenSchool === null;
  const rules = role?.isActive && !needsSchoolChoice ? roleRules : [];
  const roleName = role?.isActive ? role.name : '';
  return {
    id_user: user.id_user,
    id_context_type: user.id_context_type,
    id_role: user.id_role,
    roleName,
    id_school: chosenSchool ?? user.id_school,
    id_campus: chosenSchool === null ? user.id_campus : null,
    isAllCampuses: chosenSchool !== null || user.isAllCampuses || user.id_context_type !== CONTEXT_TYPE.CAMPUS,
    schoolSwitch: chosenSchool !== null,
    needsSchoolChoice,
    scope: scopeOf(user, chosenSchool),
    rules,
    ability: buildAbility({ roleName: needsSchoolChoice ? null : roleName, rules }),
    sessionId,
  };
}

/** What the client is told about itself (dataToken, validate-token, login). */
export async function presentSessionUser(db: Executor, user: UserRecord, principal: Principal): Promise<SessionUser> {
  const configuration = await repo.findConfiguration(db, user.id_user);
  const schools =
    user.id_context_type === CONTEXT_TYPE.SCHOOL_MAINTAINER
      ? await repo.findMaintainedSchools(db, user.id_user)
      : principal.id_school
        ? [await repo.findSchool(db, principal.id_school)].filter((s) => s !== undefined)
        : [];
  return {
    id_user: user.id_user,
    name: user.name,
    email: user.email,
    photo: user.photo ? `/api/user/${user.id_user}/photo` : null,
    id_context_type: user.id_context_type,
    role: principal.roleName ? { id_role: principal.id_role, name: principal.roleName } : null,
    id_school: principal.id_school,
    id_campus: principal.id_campus,
    isAllCampuses: principal.isAllCampuses,
    schoolSwitch: principal.schoolSwitch,
    schools,
    ...(await repo.findActivity(db, principal.id_school, principal.id_campus)),
    configuration: {
      id_main_campus: configuration?.id_main_campus ?? null,
      id_main_school_year: configuration?.id_main_school_year ?? null,
      lng: configuration?.lng ?? FALLBACK_LANGUAGE,
      theme: configuration?.theme ?? DEFAULT_THEME,
    },
  };
}
