import { describe, expect, it } from 'vitest';
import { familiesOf, normalizeEmail, normalizePhone, type FamilyContact } from './siblings.service';

const contact = (id_application: number, guardianEmail: string | null, guardianPhoneNumber: string | null = null) =>
  ({ id_application, guardianEmail, guardianPhoneNumber }) satisfies FamilyContact;

describe('siblings: normalisation', () => {
  it('compares e-mail addresses without case or spaces', () => {
    expect(normalizeEmail('  Maria.Lopez@Example.ORG ')).toBe('maria.lopez@example.org');
    expect(normalizeEmail('maria lopez@example.org')).toBe('marialopez@example.org');
    expect(normalizeEmail('not an address')).toBeNull();
    expect(normalizeEmail('')).toBeNull();
    expect(normalizeEmail(null)).toBeNull();
  });

  it('compares phone numbers by their last 10 digits, ignoring punctuation and country code', () => {
    expect(normalizePhone('+1 (602) 555-0134')).toBe('6025550134');
    expect(normalizePhone('602.555.0134')).toBe('6025550134');
    expect(normalizePhone('001 602 555 0134')).toBe('6025550134');
    expect(normalizePhone('555-0134')).toBe('5550134');
    expect(normalizePhone('12-34')).toBeNull();
    expect(normalizePhone(null)).toBeNull();
  });
});

describe('siblings: families', () => {
  it('links applications sharing a normalised e-mail or phone, named by the smallest id', () => {
    const families = familiesOf([
      contact(12, 'Ana@example.org'),
      contact(5, ' ana@EXAMPLE.org'),
      contact(7, 'other@example.org', '+1 602 555 0101'),
      contact(3, null, '(602) 555-0101'),
      contact(9, 'alone@example.org', '602 555 0199'),
    ]);
    expect(Object.fromEntries(families)).toEqual({ 12: 5, 5: 5, 7: 3, 3: 3, 9: null });
  });

  it('links transitively: A shares an e-mail with B, B a phone with C', () => {
    const families = familiesOf([
      contact(30, 'a@example.org', '111 111 1111'),
      contact(20, 'a@example.org', '222 222 2222'),
      contact(40, 'c@example.org', '222-222-2222'),
      contact(50, 'c@example.org', null),
      contact(60, 'd@example.org', '333 333 3333'),
    ]);
    expect(Object.fromEntries(families)).toEqual({ 30: 20, 20: 20, 40: 20, 50: 20, 60: null });
  });

  it('joins two families that a later application bridges, keeping the smallest id', () => {
    const families = familiesOf([
      contact(8, 'x@example.org'),
      contact(9, 'x@example.org'),
      contact(4, 'y@example.org'),
      contact(6, 'y@example.org'),
      contact(10, 'x@example.org', '444 444 4444'),
      contact(11, 'y@example.org', '444 444 4444'),
    ]);
    expect(new Set(families.values())).toEqual(new Set([4]));
  });

  it('does not link on empty or too short contacts, nor an e-mail with a phone of the same text', () => {
    const families = familiesOf([
      contact(1, '', ''),
      contact(2, '', ''),
      contact(3, null, '123'),
      contact(4, null, '123'),
      contact(5, '6025550134@x.org', null),
      contact(6, null, '6025550134@x.org'),
    ]);
    expect([...families.values()].every((f) => f === null)).toBe(true);
  });

  it('gives the same families whatever the order of the rows', () => {
    const rows = [
      contact(1, 'a@x.org', '111 111 1111'),
      contact(2, 'b@x.org', '111 111 1111'),
      contact(3, 'b@x.org', null),
      contact(4, 'c@x.org', null),
      contact(5, 'c@x.org', '999 999 9999'),
    ];
    const forward = Object.fromEntries(familiesOf(rows));
    expect(Object.fromEntries(familiesOf([...rows].reverse()))).toEqual(forward);
    expect(forward).toEqual({ 1: 1, 2: 1, 3: 1, 4: 4, 5: 4 });
  });
});
