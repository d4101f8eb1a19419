import { describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import type { SessionUser } from '@openseat/shared/schemas/auth';
import type { RoleRow } from '@openseat/shared/schemas/roles';
import { assignableRoles, mayGrantAllCampuses, reachOf } from './assignable';

const role = (id_role: number, name: string, id_context_type: number, isActive = true): RoleRow => ({
  id_role,
  name,
  id_context_type,
  context_type_name: '',
  type: 'default',
  description: null,
  isActive,
});
const ROLES = [
  role(1, SUPER_ADMIN_ROLE, CONTEXT_TYPE.SYSTEM),
  role(2, 'System Support', CONTEXT_TYPE.SYSTEM),
  role(3, 'School Admin', CONTEXT_TYPE.SCHOOL),
  role(4, 'Campus Admin', CONTEXT_TYPE.CAMPUS),
  role(5, 'School Maintainer', CONTEXT_TYPE.SCHOOL_MAINTAINER),
  role(6, 'Old campus role', CONTEXT_TYPE.CAMPUS, false),
];

const user = (change: Partial<SessionUser>): SessionUser => ({
  id_user: 9,
  name: 'Caller',
  email: 'caller@example.org',
  photo: null,
  id_context_type: CONTEXT_TYPE.CAMPUS,
  role: { id_role: 4, name: 'Campus Admin' },
  id_school: 1,
  id_campus: 1,
  isAllCampuses: false,
  schoolSwitch: false,
  schools: [],
  schoolActive: true,
  campusActive: true,
  configuration: { id_main_campus: null, id_main_school_year: null, lng: 'en', theme: 'default' },
  ...change,
});
const names = (caller: SessionUser) => assignableRoles(ROLES, reachOf(caller)).map((r) => r.name);

describe('the roles and reach the user dialog offers', () => {
  it('a SuperAdmin may give every active role, SuperAdmin included', () => {
    const superAdmin = user({ id_context_type: CONTEXT_TYPE.SYSTEM, role: { id_role: 1, name: SUPER_ADMIN_ROLE } });
    expect(names(superAdmin)).toEqual([
      SUPER_ADMIN_ROLE,
      'System Support',
      'School Admin',
      'Campus Admin',
      'School Maintainer',
    ]);
  });

  it('another system user may give every role but SuperAdmin', () => {
    expect(names(user({ id_context_type: CONTEXT_TYPE.SYSTEM, role: { id_role: 2, name: 'System Support' } }))).toEqual(
      ['System Support', 'School Admin', 'Campus Admin', 'School Maintainer'],
    );
  });

  it('a school user, or anyone switched into one school, gives school, campus and maintainer roles only', () => {
    const school = user({ id_context_type: CONTEXT_TYPE.SCHOOL, role: { id_role: 3, name: 'School Admin' } });
    const switched = user({ id_context_type: CONTEXT_TYPE.SCHOOL_MAINTAINER, schoolSwitch: true });
    const systemInSchool = user({ id_context_type: CONTEXT_TYPE.SYSTEM, schoolSwitch: true });
    for (const caller of [school, switched, systemInSchool]) {
      expect(names(caller)).toEqual(['School Admin', 'Campus Admin', 'School Maintainer']);
      expect(mayGrantAllCampuses(reachOf(caller))).toBe(true);
    }
  });

  it('a campus user gives campus roles only, and cannot widen anyone to all campuses', () => {
    expect(names(user({}))).toEqual(['Campus Admin']);
    expect(mayGrantAllCampuses(reachOf(user({})))).toBe(false);
    // an all-campus user may pass on what it holds, but is still a campus-level role: no school-level roles
    expect(names(user({ isAllCampuses: true }))).toEqual(['Campus Admin']);
    expect(mayGrantAllCampuses(reachOf(user({ isAllCampuses: true })))).toBe(true);
  });

  it('a maintainer that has not chosen a school offers nothing above campus level', () => {
    expect(names(user({ id_context_type: CONTEXT_TYPE.SCHOOL_MAINTAINER, schoolSwitch: false }))).toEqual([
      'Campus Admin',
    ]);
  });
});
