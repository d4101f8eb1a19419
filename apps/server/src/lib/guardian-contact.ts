/*
 * A guardian's contact as the portal knows them: an e-mail or a phone, normalised exactly as the applications'
 * guardian columns are indexed (db/schema/applications.ts `guardianEmailKey`, `guardianPhoneKey`), so a sign-in
 * matches the applications that carry the same contact however staff typed it.
 */

export type ContactKind = 'email' | 'phone';
export type Contact = { kind: ContactKind; key: string };

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The contact typed at sign-in (or a message's recipient), normalised; null when it is neither an e-mail nor a phone of 10 digits or more. */
export function contactOf(typed: string): Contact | null {
  const squeezed = typed.replace(/\s/g, '').toLowerCase();
  if (squeezed.includes('@')) return EMAIL.test(squeezed) ? { kind: 'email', key: squeezed } : null;
  const digits = typed.replace(/[^0-9]/g, '');
  return digits.length >= 10 && digits.length <= 15 && /^[+0-9().\-\s]+$/.test(typed.trim())
    ? { kind: 'phone', key: digits.slice(-10) }
    : null;
}
