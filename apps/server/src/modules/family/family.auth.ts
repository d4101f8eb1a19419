import { randomBytes, randomInt } from 'node:crypto';
import {
  FAMILY_LANGUAGES,
  FAMILY_LINK_MINUTES,
  FAMILY_SESSION_HOURS,
  type FamilyLanguage,
  type FamilySessionRequest,
  type FamilySignIn,
} from '@openseat/shared/schemas/family';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/runner';
import { sha256 } from '../../lib/crypto';
import { scopeDatabaseTo } from '../../lib/database-scope';
import { badRequest, unauthorized } from '../../lib/errors';
import type { Secrets } from '../../lib/secrets';
import { queueAccountMail } from '../account-mail/account-mail.service';
import { contactOf, type Contact } from './family.contact';
import { signInMail, signInSms } from './family.mails';
import * as repo from './family.repository';
import { queueSignInSms } from './family.sms';

/*
 * Signing a guardian in without a password (docs/family-portal.md): a one-time link (and its 6-digit code) mailed to a
 * contact on their applications, or the code alone texted to a phone, then a session whose key lives in the portal's
 * own cookie. The answer to a sign-in request is the same, and takes at least the same time, whether or not the
 * contact is on any application.
 */

export type FamilyDeps = { db: Db; jobs: JobQueue; secrets: Secrets; config: Config };

/** Sign-ins one contact may ask for in a quarter of an hour (more are answered alike and send nothing). */
const SIGN_INS_PER_CONTACT = 3;
const CONTACT_WINDOW_MS = 15 * 60_000;
/** The request answers no sooner than this, so known and unknown contacts take the same time. */
const ANSWER_FLOOR_MS = 300;

const familyLanguage = (lng: string | null | undefined): FamilyLanguage | null =>
  (FAMILY_LANGUAGES as readonly string[]).includes(lng ?? '') ? (lng as FamilyLanguage) : null;

/** The code's hash binds it to its contact: a code only ever opens the contact it was sent to. */
const codeHash = (contact: Contact, code: string) => sha256(`${contact.kind}:${contact.key}:${code}`);

function requireContact(typed: string): Contact {
  const contact = contactOf(typed);
  if (!contact) throw badRequest('familyContactInvalid', [{ path: 'contact', message: 'familyContactInvalid' }]);
  return contact;
}

/** `POST /family/sign-in`. */
export async function requestSignIn(deps: FamilyDeps, input: FamilySignIn, now = new Date()): Promise<void> {
  const contact = requireContact(input.contact);
  const started = Date.now();
  await deps.db.transaction(async (tx) => {
    const applicantLanguage = await repo.guardianLanguageOf(tx, contact);
    if (applicantLanguage === null) return;
    const since = new Date(now.getTime() - CONTACT_WINDOW_MS);
    if ((await repo.signInsSince(tx, contact, since)) >= SIGN_INS_PER_CONTACT) return;
    const token = randomBytes(32).toString('base64url');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + FAMILY_LINK_MINUTES * 60_000);
    await repo.insertSignIn(tx, { contact, tokenHash: sha256(token), codeHash: codeHash(contact, code), expiresAt });
    const lng =
      familyLanguage(await repo.preferredLanguage(tx, contact)) ??
      familyLanguage(input.lng) ??
      familyLanguage(applicantLanguage) ??
      'en';
    if (contact.kind === 'phone') return queueSignInSms(tx, deps, contact, signInSms(code, lng));
    const link = `${deps.config.publicUrl}/family/link/${token}`;
    await queueAccountMail(tx, deps, {
      ...signInMail(contact.key, link, code, lng),
      id_user: null,
      kind: 'guardian_sign_in',
    });
  });
  const left = ANSWER_FLOOR_MS - (Date.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

export type OpenedSession = { key: string; expiresAt: Date; contact: Contact };

/** The contact a link's token, or a contact's code, opens; null when refused (a wrong code is counted). */
async function spentContact(tx: Executor, input: FamilySessionRequest, now: Date): Promise<Contact | null> {
  if ('token' in input) return (await repo.spendLink(tx, sha256(input.token), now)) ?? null;
  const contact = requireContact(input.contact);
  return (await repo.spendCode(tx, contact, codeHash(contact, input.code), now)) ? contact : null;
}

/**
 * `POST /family/session`: the link's token, or the contact and its code, spent for a new session. A refusal commits
 * what it counted (a wrong code's attempt), then answers 400.
 */
export async function openSession(deps: FamilyDeps, input: FamilySessionRequest, now = new Date()) {
  const opened = await deps.db.transaction(async (tx): Promise<OpenedSession | null> => {
    const contact = await spentContact(tx, input, now);
    if (!contact) return null;
    const key = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + FAMILY_SESSION_HOURS * 3_600_000);
    await repo.insertSession(tx, { contact, keyHash: sha256(key), expiresAt });
    return { key, expiresAt, contact };
  });
  if (opened) return opened;
  if ('token' in input) throw badRequest('familyLinkInvalid');
  throw badRequest('familyCodeInvalid', [{ path: 'code', message: 'familyCodeInvalid' }]);
}

/**
 * The guardian of a session key (the portal cookie's value); 401 when there is none, or it ended. The request's
 * database scope narrows to the schools the guardian has children at.
 */
export async function guardianOf(db: Db, key: string | null, now = new Date()): Promise<Contact> {
  const found = key ? await repo.findSession(db, sha256(key), now) : undefined;
  if (!found) throw unauthorized('familySignedOut');
  scopeDatabaseTo(found.schools);
  return found.contact;
}

/**
 * The session's guardian with their live applications (`id`: that one only) in one read, for the status pages a
 * results day brings to every family at once: 401 as `guardianOf` when the session is not live. The request's
 * database scope narrows to those applications' schools.
 */
export async function guardianWithApplications(db: Db, key: string | null, id?: number, now = new Date()) {
  const found = key ? await repo.sessionApplications(db, sha256(key), now, id) : undefined;
  if (!found) throw unauthorized('familySignedOut');
  scopeDatabaseTo(found.applications.map((application) => application.id_school));
  return found;
}

/** `POST /family/sign-out`: every session of the guardian ends, on every device. */
export const signOutEverywhere = (db: Db, contact: Contact, now = new Date()) => repo.revokeSessions(db, contact, now);

/** The guardian's language: the one they chose, else their newest application's. */
export async function languageOf(db: Db, contact: Contact): Promise<FamilyLanguage> {
  return (
    familyLanguage(await repo.preferredLanguage(db, contact)) ??
    familyLanguage(await repo.guardianLanguageOf(db, contact)) ??
    'en'
  );
}

export const chooseLanguage = (db: Db, contact: Contact, lng: FamilyLanguage) =>
  repo.setPreferredLanguage(db, contact, lng);
