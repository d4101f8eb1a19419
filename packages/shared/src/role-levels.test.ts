import { describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from './constants';
import { assignableContextTypes } from './role-levels';

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
