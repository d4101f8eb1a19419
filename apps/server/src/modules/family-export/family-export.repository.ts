import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';

/*
 * The reads of a family's export (docs/privacy.md, "Export on request"): every read takes the caller's scope, or the
 * ids of applications already found within it. Staff-only data (internal notes, who moved what, staff names) is
 * never selected.
 */

const a = s.application;
const ap = s.applicant;

/** The application asked for, live and within the scope: its school and its guardian's contact. */
export async function findRequested(db: Executor, scope: Scope, id_application: number) {
  const [row] = await db
    .select({
      id_application: a.id_application,
      id_school: a.id_school,
      guardianEmail: ap.guardianEmail,
      guardianPhoneNumber: ap.guardianPhoneNumber,
    })
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
    .where(and(eq(a.id_application, id_application), isNull(a.deletedAt), inCampus(scope, a.id_school, a.id_campus)));
  return row;
}

const nameOf = (column: SQL, from: SQL) => sql<string | null>`(SELECT ${column} ${from})`;

/**
 * The family's live applications at the school within the scope: those whose guardian has the normalised e-mail
 * or phone (the keys the siblings query and the portal match by), and always the one asked for.
 */
export async function familyApplications(
  db: Executor,
  scope: Scope,
  family: { id_application: number; id_school: number; emailKey: string | null; phoneKey: string | null },
) {
  const matches = [
    eq(a.id_application, family.id_application),
    family.emailKey === null ? undefined : sql`${ap.guardianEmailKey} = ${family.emailKey}`,
    family.phoneKey === null ? undefined : sql`${ap.guardianPhoneKey} = ${family.phoneKey}`,
  ];
  return db
    .select({
      id_application: a.id_application,
      correlative: a.correlative,
      id_school: a.id_school,
      id_campus: a.id_campus,
      id_campus_year: a.id_campus_year,
      id_status: a.id_status,
      waiting_list_position: a.waiting_list_position,
      lottery_number: a.lottery_number,
      offer_expires_at: a.offer_expires_at,
      createdAt: a.createdAt,
      school: s.school.name,
      campus: s.campus.name,
      schoolYear: nameOf(
        sql`${s.schoolYear.name}`,
        sql`FROM ${s.schoolYear} WHERE ${s.schoolYear.id_school_year} = ${a.id_school_year}`,
      ),
      grade: nameOf(sql`${s.grade.name}`, sql`FROM ${s.grade} WHERE ${s.grade.id_grade} = ${a.id_grade}`),
      priorityGroup: nameOf(
        sql`${s.priorityItem.name}`,
        sql`FROM ${s.priorityItem} WHERE ${s.priorityItem.id_priority_item} = ${a.id_priority_item}`,
      ),
      // a move of it waits in an unreleased hold: the export shows it as the portal does, before that move
      held: s.heldMoveOf(a),
      registrationResponses: sql<number>`(SELECT count(*)::int FROM ${s.registrationResponse}
        WHERE ${s.registrationResponse.id_application} = ${a.id_application})`,
      applicant: {
        firstName: ap.firstName,
        lastName: ap.lastName,
        email: ap.email,
        phoneNumber: ap.phoneNumber,
        dateOfBirth: ap.dateOfBirth,
        address: ap.address,
        addressStreet: ap.addressStreet,
        addressCity: ap.addressCity,
        addressState: ap.addressState,
        addressZip: ap.addressZip,
        gender: ap.gender,
        ethnicity: ap.ethnicity,
        actualSchool: ap.actualSchool,
        sisterSchool: ap.sisterSchool,
      },
      guardian: {
        type: nameOf(
          sql`${s.guardianType.name}`,
          sql`FROM ${s.guardianType} WHERE ${s.guardianType.id} = ${ap.id_guardian_type}`,
        ),
        name: ap.guardianName,
        email: ap.guardianEmail,
        phoneNumber: ap.guardianPhoneNumber,
        address: ap.guardianAddress,
        occupation: ap.guardianOccupation,
        dateOfBirth: ap.guardianDateOfBirth,
        language: ap.guardianLanguage,
      },
    })
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
    .innerJoin(s.school, eq(s.school.id_school, a.id_school))
    .innerJoin(s.campus, eq(s.campus.id_campus, a.id_campus))
    .where(
      and(
        eq(a.id_school, family.id_school),
        inCampus(scope, a.id_school, a.id_campus),
        isNull(a.deletedAt),
        or(...matches),
      ),
    )
    .orderBy(asc(a.createdAt), asc(a.id_application));
}

export type FamilyApplicationRow = Awaited<ReturnType<typeof familyApplications>>[number];

/** Status history of the applications, oldest first: dates and statuses only (no staff, no internal note). */
export function statusHistoryOf(db: Executor, ids: number[]) {
  const h = s.applicationStatus;
  return db
    .select({
      id_application: h.id_application,
      at: h.createdAt,
      id_status: h.id_status,
      id_status_from: h.id_status_from,
      waiting_list_position: h.waiting_list_position,
    })
    .from(h)
    .where(inArray(h.id_application, ids))
    .orderBy(asc(h.createdAt), asc(h.id_application_status));
}

/** The messages sent to the family about the applications, oldest first. */
export function messagesOf(db: Executor, ids: number[]) {
  const o = s.messageOutbox;
  return db
    .select({
      id_application: o.id_application,
      channel: o.channel,
      recipient: o.recipient,
      subject: o.subject,
      body: o.body,
      sentAt: o.sentAt,
    })
    .from(o)
    .where(and(inArray(o.id_application, ids), inArray(o.status, ['sent', 'delivered'])))
    .orderBy(asc(o.sentAt), asc(o.id_message));
}

/** The answers the family gave on the application forms (form providers' submissions), oldest first. */
export function formAnswersOf(db: Executor, ids: number[]) {
  const f = s.formSubmission;
  return db
    .select({ id_application: f.id_application, at: f.createdAt, answers: f.answers })
    .from(f)
    .where(inArray(f.id_application, ids))
    .orderBy(asc(f.createdAt), asc(f.id_form_submission));
}

/** The family's answers to offers in the portal (accepted, or declined with its reason). */
export function offerAnswersOf(db: Executor, ids: number[]) {
  const o = s.offerAnswer;
  return db
    .select({ id_application: o.id_application, answer: o.answer, reason: o.reason, at: o.createdAt })
    .from(o)
    .where(inArray(o.id_application, ids))
    .orderBy(asc(o.createdAt), asc(o.id_offer_answer));
}

/** Every stored file of the applications: uploads to the record, registration documents, signed agreements. */
export async function filesOf(db: Executor, ids: number[]) {
  const f = s.applicationFile;
  const d = s.registrationDocument;
  const g = s.registrationSignature;
  const [files, documents, signatures] = await Promise.all([
    db
      .select({
        id_application: f.id_application,
        storedPath: f.storedPath,
        name: f.originalName,
        mimeType: f.mimeType,
        at: f.createdAt,
      })
      .from(f)
      .where(inArray(f.id_application, ids))
      .orderBy(asc(f.id_application_file)),
    db
      .select({
        id_application: d.id_application,
        storedPath: d.storedPath,
        name: d.originalName,
        mimeType: d.mimeType,
        at: d.uploadedAt,
      })
      .from(d)
      .where(inArray(d.id_application, ids))
      .orderBy(asc(d.id_registration_document)),
    db
      .select({
        id_application: g.id_application,
        id: g.id_registration_signature,
        storedPath: g.storedPath,
        at: g.signedAt,
      })
      .from(g)
      .where(inArray(g.id_application, ids))
      .orderBy(asc(g.id_registration_signature)),
  ]);
  return [
    ...files.map((row) => ({ ...row, kind: 'file' as const })),
    ...documents.map((row) => ({ ...row, kind: 'registration_document' as const })),
    ...signatures.map(({ id, ...row }) => ({
      ...row,
      name: `signed-agreement-${id}.pdf`,
      mimeType: 'application/pdf',
      kind: 'signed_agreement' as const,
    })),
  ];
}
