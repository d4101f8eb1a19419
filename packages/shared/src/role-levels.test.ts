import { describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from './constants';
import { assignableContextTypes, mayGrantAllCampuses } from './role-levels';

const { SYSTEM, SCHOOL, CAMPUS, SCHOOL_MAINTAINER } = CONTEXT_TYPE;

describe('the role levels a caller may give', () => {
  it('a system user that has not chosen a school gives every level', () => {
    expect(assignableContextTypes({ id_context_type: SYSTEM, schoolSwitch: false })).toEqual([
      SYSTEM,
      SCHOOL,
      CAMPUS,
      SCHOOL_MAINTAINER,
    ]);
  });

  it('a school user, or anyone switched into one school, gives school, campus and maintainer levels', () => {
    for (const caller of [
      { id_context_type: SCHOOL, schoolSwitch: false },
      { id_context_type: SYSTEM, schoolSwitch: true },
      { id_context_type: SCHOOL_MAINTAINER, schoolSwitch: true },
    ])
      expect(assignableContextTypes(caller)).toEqual([SCHOOL, CAMPUS, SCHOOL_MAINTAINER]);
  });

  it('a campus user gives campus roles only; a maintainer before choosing a school gives none', () => {
    expect(assignableContextTypes({ id_context_type: CAMPUS, schoolSwitch: false })).toEqual([CAMPUS]);
    expect(assignableContextTypes({ id_context_type: SCHOOL_MAINTAINER, schoolSwitch: false })).toEqual([]);
  });
});

describe('who may grant "sees all campuses"', () => {
  const caller = (id_context_type: number, schoolSwitch = false, isAllCampuses = id_context_type !== CAMPUS) => ({
    id_context_type,
    schoolSwitch,
    isAllCampuses,
  });

  it('system, school and switched callers', () => {
    for (const c of [caller(SYSTEM), caller(SCHOOL), caller(SCHOOL_MAINTAINER, true), caller(SYSTEM, true)])
      expect(mayGrantAllCampuses(c)).toBe(true);
  });

  it('a campus user only when it sees every campus itself', () => {
    expect(mayGrantAllCampuses(caller(CAMPUS))).toBe(false);
    expect(mayGrantAllCampuses(caller(CAMPUS, false, true))).toBe(true);
  });
});
