import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { hasAddressParts, oneLineAddress } from '@openseat/shared/address';
import type { ApplicantInput, GuardianInput } from '@openseat/shared/schemas/applications';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';

/* Intake and edits of applications: applicant and guardian, grade, priority. */

const a = s.application;
const ap = s.applicant;

export const applicantValues = (applicant: ApplicantInput, guardian: GuardianInput) => ({
  firstName: applicant.firstName,
  lastName: applicant.lastName,
  email: applicant.email,
  phoneNumber: applicant.phoneNumber,
  dateOfBirth: applicant.dateOfBirth,
  // the one line follows the parts when any is given; without parts it is kept as given (older clients, forms)
  address: hasAddressParts(applicant) ? oneLineAddress(applicant) : applicant.address,
  addressStreet: applicant.addressStreet,
  addressCity: applicant.addressCity,
  addressState: applicant.addressState,
  addressZip: applicant.addressZip,
  gender: applicant.gender,
  ethnicity: applicant.ethnicity,
  actualSchool: applicant.actualSchool,
  sisterSchool: applicant.sisterSchool,
  id_guardian_type: guardian.id_guardian_type,
  guardianName: guardian.name,
  guardianEmail: guardian.email,
  guardianPhoneNumber: guardian.phoneNumber,
  guardianAddress: guardian.address,
  guardianOccupation: guardian.occupation,
  guardianDateOfBirth: guardian.dateOfBirth,
  guardianLanguage: guardian.language,
});
export type ApplicantValues = ReturnType<typeof applicantValues>;

export async function insertApplication(
  db: Executor,
  values: Omit<typeof a.$inferInsert, 'correlative' | 'id_applicant'> & { applicant: ApplicantValues },
) {
  const { applicant, ...application } = values;
  const [{ id_applicant }] = await db
    .insert(ap)
    .values({ ...applicant, id_school: application.id_school })
    .returning({ id_applicant: ap.id_applicant });
  const correlative = await nextCorrelative(db, application.id_school);
  const [row] = await db
    .insert(a)
    .values({ ...application, id_applicant, correlative })
    .returning({ id_application: a.id_application, correlative: a.correlative });
  return row;
}

/**
 * Live applications of the same school period that look like the same child (same name and date of birth) or the
 * same family (same guardian e-mail or phone): intake warns about them.
 */
export async function findDuplicates(
  db: Executor,
  id_school: number,
  id_campus_year: number,
  values: ApplicantValues,
  except: number | null,
) {
  const same = (column: AnyPgColumn, v: string) => sql`lower(${column}) = ${v.toLowerCase()}`;
  const child =
    values.dateOfBirth === null
      ? sql`false`
      : and(
          same(ap.firstName, values.firstName),
          same(ap.lastName, values.lastName),
          eq(ap.dateOfBirth, values.dateOfBirth),
        );
  const family = or(
    values.guardianEmail === null ? sql`false` : eq(ap.guardianEmail, values.guardianEmail),
    values.guardianPhoneNumber === null ? sql`false` : eq(ap.guardianPhoneNumber, values.guardianPhoneNumber),
  );
  return db
    .select({
      id_application: a.id_application,
      correlative: a.correlative,
      firstName: ap.firstName,
      lastName: ap.lastName,
      id_status: a.id_status,
      child: sql<boolean>`coalesce(${child}, false)`,
    })
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
    .where(
      and(
        eq(a.id_school, id_school),
        eq(a.id_campus_year, id_campus_year),
        isNull(a.deletedAt),
        except === null ? undefined : ne(a.id_application, except),
        or(child, family),
      ),
    )
    .orderBy(a.correlative)
    .limit(20);
}

/** Whether the campus offers the grade (an activated campus grade). */
export async function campusOffersGrade(db: Executor, id_campus: number, id_grade: number) {
  const rows = await db
    .select({ id: s.campusGrade.id_campus_grade })
    .from(s.campusGrade)
    .where(
      and(
        eq(s.campusGrade.id_campus, id_campus),
        eq(s.campusGrade.id_grade, id_grade),
        eq(s.campusGrade.activatable, true),
      ),
    );
  return rows.length > 0;
}

export async function priorityItemExists(db: Executor, id_priority_item: number) {
  const rows = await db
    .select({ id: s.priorityItem.id_priority_item })
    .from(s.priorityItem)
    .where(eq(s.priorityItem.id_priority_item, id_priority_item));
  return rows.length > 0;
}

export async function guardianTypeExists(db: Executor, id: number) {
  const rows = await db.select({ id: s.guardianType.id }).from(s.guardianType).where(eq(s.guardianType.id, id));
  return rows.length > 0;
}

/** The applicant and guardian as stored (for the audit's before/after). */
export async function findApplicant(db: Executor, id_application: number) {
  const [row] = await db
    .select({ applicant: ap, event_date: a.event_date, event_preference: a.event_preference })
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
    .where(eq(a.id_application, id_application));
  return row;
}

export async function updateApplicant(db: Executor, id_applicant: number, values: ApplicantValues) {
  await db
    .update(ap)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ap.id_applicant, id_applicant));
}

export async function updateApplication(
  db: Executor,
  id_application: number,
  values: Partial<Pick<typeof a.$inferInsert, 'event_date' | 'event_preference' | 'id_priority_item'>>,
) {
  await db
    .update(a)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(a.id_application, id_application));
}

/** The state of a school period (null when the application has none). */
export async function periodStateOf(db: Executor, id_campus_year: number | null) {
  if (id_campus_year === null) return null;
  const [row] = await db
    .select({ state: s.campusYear.state })
    .from(s.campusYear)
    .where(eq(s.campusYear.id_campus_year, id_campus_year));
  return row?.state ?? null;
}

/**
 * The next correlative of a school's applications (the number staff see), in the caller's transaction. The school
 * row is locked until the transaction ends, so two intakes (or a copy job) of one school never draw the same
 * number; deleted applications keep theirs, so a number is never reused.
 */
export async function nextCorrelative(db: Executor, id_school: number): Promise<number> {
  await db
    .select({ id: s.school.id_school })
    .from(s.school)
    .where(eq(s.school.id_school, id_school))
    .for('no key update');
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${s.application.correlative}), 0)::int` })
    .from(s.application)
    .where(eq(s.application.id_school, id_school));
  return row.last + 1;
}
