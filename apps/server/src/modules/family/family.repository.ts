import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { STATUS } from '@openseat/shared/constants';
import type { Db, Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { rowsOf } from '../../lib/sql';
import { namedOnPglite } from '../../db/named-statement';
import type { Contact } from './family.contact';

/*
 * The reads and writes of the family portal. A guardian's scope is their contact: every read of applications is
 * filtered by the applicant's guardian contact key (the indexes of db/schema/applications.ts), live rows only.
 */

const signIn = s.guardianSignIn;
const session = s.guardianSession;

/** Wrong codes a sign-in takes before it is spent. */
export const CODE_ATTEMPTS = 5;

/** The applicant's guardian column that matches this kind of contact, as its index normalises it. */
export const guardianKey = (contact: Contact) =>
  contact.kind === 'email'
    ? sql`${s.applicant.guardianEmailKey} = ${contact.key}`
    : sql`${s.applicant.guardianPhoneKey} = ${contact.key}`;

/** The language of the guardian's newest live application, or null when the contact is on none. */
export async function guardianLanguageOf(db: Executor, contact: Contact): Promise<string | null> {
  const [row] = await db
    .select({ lng: s.applicant.guardianLanguage })
    .from(s.applicant)
    .innerJoin(s.application, eq(s.application.id_applicant, s.applicant.id_applicant))
    .where(and(guardianKey(contact), isNull(s.application.deletedAt)))
    .orderBy(desc(s.application.createdAt))
    .limit(1);
  return row?.lng ?? null;
}

/** Sign-ins asked for this contact since `since` (the per-contact limit). */
export async function signInsSince(db: Executor, contact: Contact, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(signIn)
    .where(
      and(
        eq(signIn.kind, contact.kind),
        eq(signIn.contactKey, contact.key),
        eq(signIn.via, 'request'),
        gt(signIn.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function insertSignIn(
  db: Executor,
  row: { contact: Contact; tokenHash: string; codeHash: string; expiresAt: Date },
) {
  await db.insert(signIn).values({
    contactKey: row.contact.key,
    kind: row.contact.kind,
    tokenHash: row.tokenHash,
    codeHash: row.codeHash,
    expiresAt: row.expiresAt,
  });
}

const spendable = (now: Date) =>
  and(isNull(signIn.usedAt), gt(signIn.expiresAt, now), lt(signIn.attempts, CODE_ATTEMPTS));

/** Spends the sign-in of this link: its contact, once; undefined when unknown, used, expired or out of attempts. */
export async function spendLink(db: Executor, tokenHash: string, now: Date): Promise<Contact | undefined> {
  const [row] = await db
    .update(signIn)
    .set({ usedAt: now })
    .where(and(eq(signIn.tokenHash, tokenHash), spendable(now)))
    .returning({ key: signIn.contactKey, kind: signIn.kind });
  return row && { key: row.key, kind: row.kind as Contact['kind'] };
}

/**
 * Spends the newest open sign-in of the contact whose code matches; when none does, each open sign-in of the
 * contact counts a wrong attempt (five and it is spent). Answers whether a session may open.
 */
export async function spendCode(db: Executor, contact: Contact, codeHash: string, now: Date): Promise<boolean> {
  // a message's link has no code: wrong codes never spend it
  const ofContact = and(
    eq(signIn.kind, contact.kind),
    eq(signIn.contactKey, contact.key),
    eq(signIn.via, 'request'),
    spendable(now),
  );
  const spent = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE guardian_sign_in SET used_at = ${now.toISOString()}::timestamptz
      WHERE id_guardian_sign_in = (
        SELECT id_guardian_sign_in FROM guardian_sign_in
        WHERE ${ofContact} AND code_hash = ${codeHash}
        ORDER BY created_at DESC LIMIT 1
      )
      RETURNING id_guardian_sign_in AS id
    `),
  );
  if (spent.length) return true;
  await db
    .update(signIn)
    .set({ attempts: sql`${signIn.attempts} + 1` })
    .where(ofContact);
  return false;
}

export async function insertSession(db: Executor, row: { contact: Contact; keyHash: string; expiresAt: Date }) {
  await db
    .insert(session)
    .values({ keyHash: row.keyHash, contactKey: row.contact.key, kind: row.contact.kind, expiresAt: row.expiresAt });
}

/** The applicant rows whose guardian is the session's contact, through the contact-key indexes. */
const ofSessionContact = () =>
  or(
    and(eq(session.kind, 'email'), sql`${s.applicant.guardianEmailKey} = ${session.contactKey}`),
    and(eq(session.kind, 'phone'), sql`${s.applicant.guardianPhoneKey} = ${session.contactKey}`),
  );

/**
 * The live session of this key: its contact and the schools it is a guardian at (the portal request's database
 * scope); undefined when unknown, revoked or expired.
 */
export async function findSession(db: Executor, keyHash: string, now: Date) {
  const ap = s.applicant;
  const [row] = await db
    .select({
      key: session.contactKey,
      kind: session.kind,
      schools: sql<number[]>`array(SELECT DISTINCT ${ap.id_school} FROM ${ap} WHERE ${ofSessionContact()})`,
    })
    .from(session)
    .where(and(eq(session.keyHash, keyHash), isNull(session.revokedAt), gt(session.expiresAt, now)));
  return row && { contact: { key: row.key, kind: row.kind as Contact['kind'] }, schools: row.schools };
}

/** Sign-out everywhere: every session of the contact ends now. */
export async function revokeSessions(db: Executor, contact: Contact, now: Date) {
  await db
    .update(session)
    .set({ revokedAt: now })
    .where(and(eq(session.kind, contact.kind), eq(session.contactKey, contact.key), isNull(session.revokedAt)));
}

export async function preferredLanguage(db: Executor, contact: Contact): Promise<string | null> {
  const [row] = await db
    .select({ lng: s.guardianPreference.lng })
    .from(s.guardianPreference)
    .where(and(eq(s.guardianPreference.kind, contact.kind), eq(s.guardianPreference.contactKey, contact.key)));
  return row?.lng ?? null;
}

export async function setPreferredLanguage(db: Executor, contact: Contact, lng: string) {
  await db
    .insert(s.guardianPreference)
    .values({ contactKey: contact.key, kind: contact.kind, lng })
    .onConflictDoUpdate({
      target: [s.guardianPreference.kind, s.guardianPreference.contactKey],
      set: { lng, updatedAt: new Date() },
    });
}

/**
 * What the portal reads of an application itself: its ids, stage and places, the child's first name and whether a
 * move of it is held. The names of its school, campus, grade, period and priority group and the campus's contact
 * are read apart (`placeNames`) and kept a few seconds: the same few for every family of a campus, and planning them
 * as subqueries of this statement was most of its cost on a results day (bench/family.ts).
 */
function applicationFields() {
  const a = s.application;
  return {
    id_application: a.id_application,
    id_school: a.id_school,
    id_campus: a.id_campus,
    id_campus_year: a.id_campus_year,
    id_school_year: a.id_school_year,
    id_grade: a.id_grade,
    id_priority_item: a.id_priority_item,
    id_status: a.id_status,
    waiting_list_position: a.waiting_list_position,
    lottery_number: a.lottery_number,
    lottery_level: a.lottery_level,
    id_lottery: a.id_lottery,
    offer_expires_at: a.offer_expires_at,
    child: s.applicant.firstName,
    /** A move of it waits in an unreleased hold (a draw's results not yet presented): shown as before that move. */
    held: s.heldMoveOf(a),
  };
}

/** Where an application is: what its names are read by. */
export type Place = Pick<GuardianApplication, 'id_campus' | 'id_grade' | 'id_school_year' | 'id_priority_item'>;

/** A row's name by its id, or null without one. */
const nameOf = (column: AnyPgColumn, key: AnyPgColumn, id: number | null) =>
  id === null
    ? sql<string | null>`null`
    : sql<string | null>`(SELECT ${column} FROM ${column.table} WHERE ${key} = ${id})`;

/** The names of a place as the portal shows them, and the campus's contact and time zone. */
export async function placeNames(db: Executor, place: Place) {
  const c = s.campus;
  const cc = s.campusConfiguration;
  const sc = s.schoolConfiguration;
  const [row] = await db
    .select({
      school: s.school.name,
      campus: c.name,
      grade: nameOf(s.grade.name, s.grade.id_grade, place.id_grade),
      schoolYear: nameOf(s.schoolYear.name, s.schoolYear.id_school_year, place.id_school_year),
      priorityGroup: nameOf(s.priorityItem.name, s.priorityItem.id_priority_item, place.id_priority_item),
      phone: sql<string | null>`coalesce(${cc.phone_number}, ${c.telephone})`,
      email: sql<string | null>`coalesce(${cc.email}, ${c.email})`,
      timeZone: sql<string>`coalesce(${cc.time_zone}, ${sc.time_zone}, 'UTC')`,
    })
    .from(c)
    .innerJoin(s.school, eq(s.school.id_school, c.id_school))
    .leftJoin(cc, eq(cc.id_campus, c.id_campus))
    .leftJoin(sc, eq(sc.id_school, c.id_school))
    .where(eq(c.id_campus, place.id_campus));
  return row;
}

/** The guardian's live applications with what the portal shows of each, newest first (`id`: only that one). */
export async function guardianApplications(db: Executor, contact: Contact, id?: number) {
  const a = s.application;
  return db
    .select(applicationFields())
    .from(a)
    .innerJoin(s.applicant, eq(s.applicant.id_applicant, a.id_applicant))
    .where(and(guardianKey(contact), isNull(a.deletedAt), id === undefined ? undefined : eq(a.id_application, id)))
    .orderBy(desc(a.createdAt), desc(a.id_application));
}

export type GuardianApplication = Awaited<ReturnType<typeof guardianApplications>>[number];

/**
 * The session's guardian and their live applications in one statement (the status page's read on a results day:
 * one round trip instead of two). Undefined when the session is not live; `applications` empty when the contact is
 * on none. The applicant is matched by the session's contact as `guardianKey` does, through the same indexes.
 */
export async function sessionApplications(
  db: Db,
  keyHash: string,
  now: Date,
  id?: number,
): Promise<{ contact: Contact; applications: GuardianApplication[] } | undefined> {
  const rows = await sessionQuery(db, id !== undefined).execute({ keyHash, now, id });
  if (!rows.length) return undefined;
  const contact = { key: rows[0].key, kind: rows[0].kind as Contact['kind'] };
  // an applicant of the contact without a live application (or not the one asked for) joins as an empty row
  const applications = rows.flatMap((r) => (r.app.id_application === null ? [] : [r.app as GuardianApplication]));
  return { contact, applications };
}

/**
 * The statement, prepared once per database and named: on a PostgreSQL server each connection plans it once and
 * keeps the plan (planning its subqueries was most of a status page's database time); on PGlite too, through
 * `namedOnPglite` (its `query` would parse and plan it per call).
 */
const sessionQueries = new WeakMap<Db, Map<boolean, ReturnType<typeof prepareSessionQuery>>>();

function sessionQuery(db: Db, oneApplication: boolean) {
  let prepared = sessionQueries.get(db);
  if (!prepared) sessionQueries.set(db, (prepared = new Map()));
  let query = prepared.get(oneApplication);
  if (!query) {
    const name = oneApplication ? 'family_session_application' : 'family_session_applications';
    prepared.set(oneApplication, (query = namedOnPglite(prepareSessionQuery(db, oneApplication, name), name)));
  }
  return query;
}

function prepareSessionQuery(db: Db, oneApplication: boolean, name: string) {
  const a = s.application;
  const ap = s.applicant;
  const live = and(
    eq(a.id_applicant, ap.id_applicant),
    isNull(a.deletedAt),
    oneApplication ? eq(a.id_application, sql.placeholder('id')) : undefined,
  );
  return db
    .select({ key: session.contactKey, kind: session.kind, app: applicationFields() })
    .from(session)
    .leftJoin(ap, ofSessionContact())
    .leftJoin(a, live)
    .where(
      and(
        eq(session.keyHash, sql.placeholder('keyHash')),
        isNull(session.revokedAt),
        gt(session.expiresAt, sql.placeholder('now')),
      ),
    )
    .orderBy(desc(a.createdAt), desc(a.id_application))
    .prepare(name);
}

/** The status the application had before its newest move (what a family saw before a held move). */
export async function statusBefore(db: Executor, id_application: number): Promise<number | null> {
  const [row] = await db
    .select({ from: s.applicationStatus.id_status_from })
    .from(s.applicationStatus)
    .where(eq(s.applicationStatus.id_application, id_application))
    .orderBy(desc(s.applicationStatus.createdAt), desc(s.applicationStatus.id_application_status))
    .limit(1);
  return row?.from ?? null;
}

/** A grade's waiting list within one priority group: the positions it holds, in order (counts only, no names). */
export type WaitingGroup = { id_campus_year: number; id_grade: number | null; lottery_level: number | null };

export async function waitingPositions(db: Executor, group: WaitingGroup): Promise<number[]> {
  const rows = await db
    .select({ position: s.application.waiting_list_position })
    .from(s.application)
    .where(
      and(
        eq(s.application.id_campus_year, group.id_campus_year),
        group.id_grade === null ? isNull(s.application.id_grade) : eq(s.application.id_grade, group.id_grade),
        eq(s.application.id_status, STATUS.WAITING_LIST),
        isNull(s.application.deletedAt),
        group.lottery_level === null
          ? isNull(s.application.lottery_level)
          : eq(s.application.lottery_level, group.lottery_level),
        sql`${s.application.waiting_list_position} IS NOT NULL`,
      ),
    )
    .orderBy(s.application.waiting_list_position);
  return rows.map((r) => r.position!);
}

/** The messages sent about the application (the outbox's log), newest first. */
export async function messagesOf(db: Executor, id_application: number) {
  const o = s.messageOutbox;
  return db
    .select({ at: o.sentAt, channel: o.channel, subject: o.subject })
    .from(o)
    .where(and(eq(o.id_application, id_application), eq(o.status, 'sent')))
    .orderBy(desc(o.sentAt))
    .limit(50);
}

/** When the application's offer lapses (null: no deadline), read under the caller's lock of its row. */
export async function offerExpiresAt(db: Executor, id_application: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: s.application.offer_expires_at })
    .from(s.application)
    .where(eq(s.application.id_application, id_application));
  return row?.at ?? null;
}

/** The decline reasons the school offers: its own active ones, else the built-in list. */
export async function declineReasons(db: Executor, id_school: number) {
  const r = s.declineReason;
  const own = await db
    .select()
    .from(r)
    .where(and(eq(r.id_school, id_school), eq(r.active, true)))
    .orderBy(r.position, r.id_decline_reason);
  if (own.length) return own;
  return db
    .select()
    .from(r)
    .where(and(isNull(r.id_school), eq(r.active, true)))
    .orderBy(r.position, r.id_decline_reason);
}

export async function insertOfferAnswer(db: Executor, row: typeof s.offerAnswer.$inferInsert) {
  await db.insert(s.offerAnswer).values(row);
}
