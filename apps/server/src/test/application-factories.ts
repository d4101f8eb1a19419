import { and, eq, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { holdsSeat, SEAT_HOLDING_STATUSES } from '@openseat/shared/application-status';
import { STATUS, type StatusId } from '@openseat/shared/constants';
import type { Executor } from '../db/client';
import * as s from '../db/schema/index';
import { nextCorrelative } from '../modules/applications/intake.repository';
import { rowsOf } from '../lib/sql';
import { recordSmsConsent } from '../modules/communication/sms-consent.service';

let counter = 0;
const next = () => ++counter;

type PeriodRef = { id_school: number; id_campus: number; id_campus_year: number; id_school_year: number };

export type ApplicationSpec = {
  id_status?: StatusId;
  id_grade?: number | null;
  id_priority_item?: number | null;
  firstName?: string;
  lastName?: string;
  email?: string | null;
  phoneNumber?: string | null;
  guardianEmail?: string | null;
  guardianPhoneNumber?: string | null;
  dateOfBirth?: string | null;
  createdAt?: Date;
  read?: boolean;
  /** Whether the family's phones consented to texts (default: yes, as on the form); false leaves no consent row. */
  smsConsent?: boolean;
  /** The statuses walked before `id_status` (history rows), oldest first; default: lead then the status. */
  path?: StatusId[];
};

/**
 * An application straight in the database, keeping the seat and waiting-list rules: a seat-holding status takes a
 * seat of its grade (the test fails if none is left), a waiting one goes last on its grade's list.
 */
export async function createApplication(db: Executor, period: PeriodRef, spec: ApplicationSpec = {}) {
  const n = next();
  const id_status = spec.id_status ?? STATUS.LEAD;
  const id_grade = spec.id_grade === undefined ? 3 : spec.id_grade;
  const [applicant] = await db
    .insert(s.applicant)
    .values({
      id_school: period.id_school,
      firstName: spec.firstName ?? `Child${n}`,
      lastName: spec.lastName ?? `Family${n}`,
      email: spec.email === undefined ? null : spec.email,
      phoneNumber: spec.phoneNumber === undefined ? null : spec.phoneNumber,
      dateOfBirth: spec.dateOfBirth === undefined ? '2019-05-01' : spec.dateOfBirth,
      guardianName: `Guardian ${n}`,
      guardianEmail: spec.guardianEmail === undefined ? `guardian${n}@example.org` : spec.guardianEmail,
      guardianPhoneNumber: spec.guardianPhoneNumber === undefined ? null : spec.guardianPhoneNumber,
    })
    .returning();
  if (holdsSeat(id_status) && id_grade !== null) {
    const taken = await db
      .update(s.campusYearGrade)
      .set({ taken: sql`${s.campusYearGrade.taken} + 1` })
      .where(
        and(
          eq(s.campusYearGrade.id_campus_year, period.id_campus_year),
          eq(s.campusYearGrade.id_grade, id_grade),
          sql`${s.campusYearGrade.taken} < ${s.campusYearGrade.spots}`,
        ),
      )
      .returning();
    expect(taken, 'the factory needs a free seat').toHaveLength(1);
  }
  let waiting_list_position: number | null = null;
  if (id_status === STATUS.WAITING_LIST) {
    const [row] = await db
      .select({ last: sql<number>`coalesce(max(${s.application.waiting_list_position}), 0)::int` })
      .from(s.application)
      .where(
        and(
          eq(s.application.id_campus_year, period.id_campus_year),
          id_grade === null ? isNull(s.application.id_grade) : eq(s.application.id_grade, id_grade),
          eq(s.application.id_status, STATUS.WAITING_LIST),
          isNull(s.application.deletedAt),
        ),
      );
    waiting_list_position = row.last + 1;
  }
  const [application] = await db
    .insert(s.application)
    .values({
      id_school: period.id_school,
      id_campus: period.id_campus,
      id_campus_year: period.id_campus_year,
      id_school_year: period.id_school_year,
      correlative: await nextCorrelative(db, period.id_school),
      id_applicant: applicant.id_applicant,
      id_grade,
      id_priority_item: spec.id_priority_item ?? null,
      id_status,
      waiting_list_position,
      read: spec.read ?? true,
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning();
  const path = spec.path ?? (id_status === STATUS.LEAD ? [STATUS.LEAD] : [STATUS.LEAD, id_status]);
  await db.insert(s.applicationStatus).values(
    path.map((st, i) => ({
      id_school: period.id_school,
      id_application: application.id_application,
      id_status: st,
      id_status_from: i === 0 ? null : path[i - 1],
      waiting_list_position: st === STATUS.WAITING_LIST && i === path.length - 1 ? waiting_list_position : null,
      read: true,
    })),
  );
  const phones = [spec.phoneNumber, spec.guardianPhoneNumber].filter((p): p is string => Boolean(p?.trim()));
  if (spec.smsConsent !== false && phones.length)
    await recordSmsConsent(
      db,
      phones.map((phone) => ({ id_school: period.id_school, phone, granted: true, source: 'form' as const })),
    );
  return { ...application, applicant };
}

/**
 * The seat and waiting-list invariants over the whole database: every grade's `taken` equals the live applications
 * holding one of its seats, and every waiting list (period, grade) is numbered exactly 1..M.
 */
export async function expectSeatsAndPlacesConsistent(db: Executor) {
  const seats = await db.execute<{ id_campus_year: number; id_grade: number; taken: number; holders: number }>(sql`
    SELECT g.id_campus_year, g.id_grade, g.taken,
      (SELECT count(*)::int FROM application a
        WHERE a.id_campus_year = g.id_campus_year AND a.id_grade = g.id_grade AND a.deleted_at IS NULL
          AND a.id_status IN (${sql.join(
            SEAT_HOLDING_STATUSES.map((st) => sql`${st}`),
            sql`, `,
          )})) AS holders
    FROM campus_year_grade g`);
  for (const row of rowsOf<{ id_campus_year: number; id_grade: number; taken: number; holders: number }>(seats))
    expect(row.taken, `seats taken of period ${row.id_campus_year} grade ${row.id_grade}`).toBe(row.holders);
  const orphans = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM application a
    WHERE a.deleted_at IS NULL AND a.id_status IN (${sql.join(
      SEAT_HOLDING_STATUSES.map((st) => sql`${st}`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM campus_year_grade g WHERE g.id_campus_year = a.id_campus_year AND g.id_grade = a.id_grade)`);
  expect(rowsOf<{ n: number }>(orphans)[0].n, 'seat holders without a seat row').toBe(0);
  const lists = await db.execute<{ id_campus_year: number; id_grade: number | null; places: number[] }>(sql`
    SELECT id_campus_year, id_grade, array_agg(waiting_list_position ORDER BY waiting_list_position) AS places
    FROM application WHERE deleted_at IS NULL AND id_status = ${STATUS.WAITING_LIST}
    GROUP BY id_campus_year, id_grade`);
  for (const list of rowsOf<{ id_campus_year: number; id_grade: number | null; places: number[] }>(lists)) {
    const expected = list.places.map((_, i) => i + 1);
    expect(list.places, `waiting list of period ${list.id_campus_year} grade ${list.id_grade}`).toEqual(expected);
  }
  const stray = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM application
    WHERE waiting_list_position IS NOT NULL AND (deleted_at IS NOT NULL OR id_status <> ${STATUS.WAITING_LIST})`);
  expect(rowsOf<{ n: number }>(stray)[0].n, 'places held outside a waiting list').toBe(0);
}

/** The application row as stored. */
export async function applicationRow(db: Executor, id_application: number) {
  const [row] = await db.select().from(s.application).where(eq(s.application.id_application, id_application));
  return row;
}

export async function seatRow(db: Executor, id_campus_year: number, id_grade: number) {
  const [row] = await db
    .select()
    .from(s.campusYearGrade)
    .where(and(eq(s.campusYearGrade.id_campus_year, id_campus_year), eq(s.campusYearGrade.id_grade, id_grade)));
  return row;
}

export async function historyOf(db: Executor, id_application: number) {
  return db
    .select()
    .from(s.applicationStatus)
    .where(eq(s.applicationStatus.id_application, id_application))
    .orderBy(s.applicationStatus.id_application_status);
}

type TenancyPeriods = Record<'a1' | 'a2' | 'b1', { period: PeriodRef }>;

/**
 * Applications on the tenancy fixtures' periods (a1, a2 of school A; b1 of school B), each applicant named so its
 * name is a trace to look for, and a campus of A with a started period that takes new applications.
 */
export async function buildApplicationFixtures(db: Executor, periods: TenancyPeriods, intakeCampus: PeriodRef) {
  const named = (name: string) => ({ firstName: name, lastName: 'Tenancy' });
  const on = (key: keyof TenancyPeriods, spec: ApplicationSpec) => createApplication(db, periods[key].period, spec);
  return {
    a1: await on('a1', { id_status: STATUS.APPLIED, ...named('Alba-A1-Child') }),
    a1Lead: await on('a1', { id_status: STATUS.LEAD, ...named('Lead-A1-Child') }),
    a1Back: await on('a1', { id_status: STATUS.CONTACTED, ...named('Back-A1-Child') }),
    a1Spare: await on('a1', { id_status: STATUS.LEAD, ...named('Spare-A1-Child') }),
    a1Holder: await on('a1', { id_status: STATUS.OFFERED, ...named('Holder-A1-Child') }),
    a1Waiting: await on('a1', { id_status: STATUS.WAITING_LIST, ...named('Waiting-A1-Child') }),
    a2: await on('a2', { id_status: STATUS.APPLIED, ...named('Secret-A2-Child') }),
    b1: await on('b1', { id_status: STATUS.APPLIED, ...named('Secret-B1-Child') }),
    intake: intakeCampus,
  };
}
