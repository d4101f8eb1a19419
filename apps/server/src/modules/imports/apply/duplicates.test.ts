import { describe, expect, it } from 'vitest';
import { duplicateReason, emailKey, foldName, jaroWinkler, phoneKey } from './duplicates';

/* The duplicate rule's small parts, with the textbook values of Jaro-Winkler. */

describe('duplicates', () => {
  it('measures names with Jaro-Winkler', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('abc', 'abc')).toBe(1);
    expect(jaroWinkler('abc', '')).toBe(0);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });

  it('folds accents, case and punctuation', () => {
    expect(foldName("José-María  O'Neil")).toBe('jose maria o neil');
    expect(foldName('ZOË Ñúñez')).toBe('zoe nunez');
  });

  it('normalises e-mails and phone numbers (American without a country)', () => {
    expect(emailKey('  Maria@Example.ORG ')).toBe('maria@example.org');
    expect(emailKey('not an address')).toBeNull();
    expect(phoneKey('(512) 555-0101')).toBe('+15125550101');
    expect(phoneKey('+1 512 555 0101')).toBe('+15125550101');
    expect(phoneKey('+52 55 1234 5678')).toBe('+525512345678');
    expect(phoneKey('12')).toBeNull();
  });

  it('needs a shared contact, a similar name and the same birthday', () => {
    const ana = {
      firstName: 'Ana',
      lastName: 'López',
      dateOfBirth: '2020-01-02',
      guardianEmail: null,
      guardianPhoneNumber: '512-555-0101',
    };
    expect(duplicateReason(ana, { ...ana, lastName: 'Lopez', guardianPhoneNumber: '5125550101' })).toBe('phone');
    expect(duplicateReason(ana, { ...ana, dateOfBirth: '2021-01-02' })).toBeNull();
    expect(duplicateReason(ana, { ...ana, firstName: 'Beatriz' })).toBeNull();
    expect(duplicateReason(ana, { ...ana, guardianPhoneNumber: '5125550102' })).toBeNull();
    expect(duplicateReason(ana, { ...ana, dateOfBirth: null, guardianEmail: 'a@x.org' })).toBe('phone');
  });
});
