import { parsePhoneNumberFromString } from 'libphonenumber-js';

/*
 * What makes two applications look like the same child (issue 27): the same guardian (one normalised e-mail or phone
 * number) and a child of a similar name, born the same day. Small and pure: the dry run runs it on every row.
 */

/** The country of a phone number written without one. */
export const DEFAULT_PHONE_COUNTRY = 'US';

/** Jaro-Winkler similarity of the folded names from which two children count as the same. */
export const NAME_SIMILARITY = 0.9;

/** Lower case, trimmed; null when it is not an address. */
export function emailKey(value: string | null | undefined): string | null {
  const email = value?.trim().toLowerCase() ?? '';
  return email.includes('@') ? email : null;
}

/**
 * The number in E.164 (+15551234567) as libphonenumber-js reads it (a number without a country is American); a
 * number it cannot read keeps its digits (7 or more), so two identical odd numbers still match.
 */
export function phoneKey(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const parsed = parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY);
  if (parsed?.isValid()) return parsed.number;
  const digits = value.replace(/\D/g, '');
  return digits.length >= 7 ? digits : null;
}

/** The last ten digits of a phone key: what the database's guardian phone index holds (`guardianPhoneKey`). */
export const phoneIndexKey = (key: string) => key.replace(/\D/g, '').slice(-10);

/** A name without accents, case or punctuation: "José-María  O'Neil" -> "jose maria o neil". */
export function foldName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

let marksA = new Uint8Array(64);
let marksB = new Uint8Array(64);

/** Jaro-Winkler similarity, 0 (nothing alike) to 1 (the same). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  // the marks reuse two buffers: the dry run compares names many thousand times
  if (marksA.length < a.length) marksA = new Uint8Array(a.length * 2);
  if (marksB.length < b.length) marksB = new Uint8Array(b.length * 2);
  const aMatched = marksA.fill(0, 0, a.length);
  const bMatched = marksB.fill(0, 0, b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = bMatched[j] = 1;
      matches++;
      break;
    }
  }
  if (!matches) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[j]) j++;
    if (a[i] !== b[j]) transpositions++;
    j++;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** A child and guardian as the duplicate rule reads them. */
export type Party = {
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  guardianEmail: string | null;
  guardianPhoneNumber: string | null;
};

/** The contacts two parties share: 'email' first, then 'phone'; null when none. */
export function sharedContact(x: Party, y: Party): 'email' | 'phone' | null {
  const email = emailKey(x.guardianEmail);
  if (email !== null && email === emailKey(y.guardianEmail)) return 'email';
  const phone = phoneKey(x.guardianPhoneNumber);
  if (phone !== null && phone === phoneKey(y.guardianPhoneNumber)) return 'phone';
  return null;
}

/** Same child: similar folded names, and the same date of birth when both give one. */
export function sameChild(x: Party, y: Party): boolean {
  if (x.dateOfBirth !== null && y.dateOfBirth !== null && x.dateOfBirth !== y.dateOfBirth) return false;
  const name = (p: Party) => foldName(`${p.firstName} ${p.lastName}`);
  return jaroWinkler(name(x), name(y)) >= NAME_SIMILARITY;
}

/** Why `x` duplicates `y` (the contact they share), or null when it does not. */
export function duplicateReason(x: Party, y: Party): 'email' | 'phone' | null {
  const shared = sharedContact(x, y);
  return shared !== null && sameChild(x, y) ? shared : null;
}

/** The contact keys of a party, tagged by kind, for indexing candidates. */
export function contactKeys(p: Party): string[] {
  const keys: string[] = [];
  const email = emailKey(p.guardianEmail);
  if (email !== null) keys.push(`e:${email}`);
  const phone = phoneKey(p.guardianPhoneNumber);
  if (phone !== null) keys.push(`p:${phone}`);
  return keys;
}
