import { describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import type { SessionUser } from '@openseat/shared/schemas/auth';
import { mayGrantAllCampuses } from './assignable';

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

describe('"sees all campuses" in the user dialog', () => {
  it('is offered by system, school and switched callers', () => {
    const callers = [
      user({ id_context_type: CONTEXT_TYPE.SYSTEM, role: { id_role: 1, name: SUPER_ADMIN_ROLE } }),
      user({ id_context_type: CONTEXT_TYPE.SCHOOL, role: { id_role: 3, name: 'School Admin' } }),
      user({ id_context_type: CONTEXT_TYPE.SCHOOL_MAINTAINER, schoolSwitch: true }),
    ];
    for (const caller of callers) expect(mayGrantAllCampuses(caller)).toBe(true);
  });

  it('is offered by a campus user only when it sees every campus itself', () => {
    expect(mayGrantAllCampuses(user({}))).toBe(false);
    expect(mayGrantAllCampuses(user({ isAllCampuses: true }))).toBe(true);
  });
});
