import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import type { Contact } from './family.contact';
import { guardianKey } from './family.repository';

/*
 * The outbox of sign-in codes sent by text message (`guardian_sign_in_sms`). Nothing lists it: the job reaches a row
 * by its id, and its body is sealed until sent, then dropped.
 */

const sms = s.guardianSignInSms;

/**
 * The campuses of the phone contact's live applications, newest application first: the school that would send, the
 * campus's number to send from, and the guardian's phone as that application holds it.
 */
export async function smsCampusesOf(db: Executor, contact: Contact) {
  const a = s.application;
  return db
    .select({
      id_school: a.id_school,
      id_campus: a.id_campus,
      phone: s.applicant.guardianPhoneNumber,
      campusPhone: s.campusConfiguration.phone_number,
    })
    .from(a)
    .innerJoin(s.applicant, eq(s.applicant.id_applicant, a.id_applicant))
    .leftJoin(s.campusConfiguration, eq(s.campusConfiguration.id_campus, a.id_campus))
    .where(and(guardianKey(contact), isNull(a.deletedAt)))
    .orderBy(desc(a.createdAt), desc(a.id_application));
}

export type NewSignInSms = { id_school: number; id_campus: number; recipient: string; sealedBody: string };

export async function insertSignInSms(db: Executor, row: NewSignInSms): Promise<number> {
  const [inserted] = await db.insert(sms).values(row).returning({ id: sms.id_guardian_sign_in_sms });
  return inserted.id;
}

/** The row and the number its campus sends from now (a campus may change its number before the job runs). */
export async function findSignInSms(db: Executor, id: number) {
  const [row] = await db
    .select({
      id_school: sms.id_school,
      recipient: sms.recipient,
      sealedBody: sms.sealedBody,
      status: sms.status,
      createdAt: sms.createdAt,
      campusPhone: s.campusConfiguration.phone_number,
    })
    .from(sms)
    .leftJoin(s.campusConfiguration, eq(s.campusConfiguration.id_campus, sms.id_campus))
    .where(eq(sms.id_guardian_sign_in_sms, id));
  return row;
}

/** Sent: the code leaves the database. */
export async function markSignInSmsSent(db: Executor, id: number, providerId: string) {
  await db
    .update(sms)
    .set({ status: 'sent', sentAt: new Date(), providerId, sealedBody: null, attempts: sql`${sms.attempts} + 1` })
    .where(eq(sms.id_guardian_sign_in_sms, id));
}

/** A refused or failed send; the last one gives up and drops the code too. */
export async function recordSignInSmsFailure(db: Executor, id: number, error: string, final: boolean) {
  await db
    .update(sms)
    .set({
      lastError: error.slice(0, 1000),
      attempts: sql`${sms.attempts} + 1`,
      ...(final ? { status: 'failed', sealedBody: null } : {}),
    })
    .where(eq(sms.id_guardian_sign_in_sms, id));
}

/** Whether the number (E.164) replied STOP to the school: a text to it would be refused, or unwanted. */
export async function optedOutOfSms(db: Executor, id_school: number, e164: string): Promise<boolean> {
  const o = s.communicationOptOut;
  const [row] = await db
    .select({ address: o.address })
    .from(o)
    .where(and(eq(o.id_school, id_school), eq(o.channel, 'sms'), eq(o.address, e164)))
    .limit(1);
  return row !== undefined;
}
