import { eq, sql } from 'drizzle-orm';
import { STATUS, type StatusId } from '@openseat/shared/constants';
import type { Executor } from '../db/client';
import * as s from '../db/schema/index';

let counter = 0;
const next = () => ++counter;

export type PeriodRef = { id_school: number; id_campus: number; id_campus_year: number; id_school_year: number };

export type RecordApplicationSpec = {
  id_status?: StatusId;
  id_grade?: number | null;
  firstName?: string;
  lastName?: string;
  email?: string | null;
  phoneNumber?: string | null;
  gender?: string | null;
  address?: string | null;
  waiting_list_position?: number | null;
};

/**
 * An application straight in the database with its applicant and first history row (the records tests need one to
 * hang notes, files and tags on). Seats are not taken here: tests that need a seat holder take it themselves.
 */
export async function createRecordApplication(db: Executor, period: PeriodRef, spec: RecordApplicationSpec = {}) {
  const n = next();
  const [applicant] = await db
    .insert(s.applicant)
    .values({
      id_school: period.id_school,
      firstName: spec.firstName ?? `Child${n}`,
      lastName: spec.lastName ?? `Family${n}`,
      email: spec.email === undefined ? `child${n}@example.org` : spec.email,
      phoneNumber: spec.phoneNumber === undefined ? null : spec.phoneNumber,
      dateOfBirth: '2019-05-01',
      gender: spec.gender ?? null,
      address: spec.address ?? null,
      guardianName: `Guardian ${n}`,
      guardianEmail: `guardian${n}@example.org`,
    })
    .returning();
  await db.select({ id: s.school.id_school }).from(s.school).where(eq(s.school.id_school, period.id_school));
  const [{ last }] = await db
    .select({ last: sql<number>`coalesce(max(${s.application.correlative}), 0)::int` })
    .from(s.application)
    .where(eq(s.application.id_school, period.id_school));
  const id_status = spec.id_status ?? STATUS.LEAD;
  const [application] = await db
    .insert(s.application)
    .values({
      id_school: period.id_school,
      id_campus: period.id_campus,
      id_campus_year: period.id_campus_year,
      id_school_year: period.id_school_year,
      correlative: last + 1,
      id_applicant: applicant.id_applicant,
      id_grade: spec.id_grade === undefined ? 3 : spec.id_grade,
      id_status,
      waiting_list_position: spec.waiting_list_position ?? null,
      read: true,
    })
    .returning();
  await db.insert(s.applicationStatus).values({
    id_school: period.id_school,
    id_application: application.id_application,
    id_status,
    read: true,
  });
  return { ...application, applicant };
}
