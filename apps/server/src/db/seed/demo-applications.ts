import { eq } from 'drizzle-orm';
import { STATUS, type StatusId } from '@openseat/shared/constants';
import type { Executor } from '../client';
import { GRADES } from '../reference-data';
import * as s from '../schema/index';
import type { DemoPeriod } from './demo-enrollment';
import { CITIES, ETHNICITIES, FIRST_NAMES, GUARDIAN_FIRST_NAMES, LAST_NAMES, NOTES, OCCUPATIONS, STREETS } from './names';
import { chunks, type Random } from './random';

/** The statuses an application passes through to reach each status (spec section 4 progress steps). */
const PATH: Record<StatusId, StatusId[]> = {
  1: [1],
  2: [1, 2],
  3: [1, 2, 3],
  4: [1, 2, 3, 4],
  5: [1, 2, 3, 5],
  6: [1, 2, 3, 6],
  7: [1, 2, 3, 5, 7],
  8: [1, 2, 3, 5, 8],
  9: [1, 2, 3, 5, 7, 9],
  10: [1, 10],
  11: [1, 11],
};

const STATUS_WEIGHTS: ReadonlyArray<readonly [StatusId, number]> = [
  [1, 15], [2, 10], [3, 20], [4, 5], [5, 8], [6, 15], [7, 7], [8, 5], [9, 10], [10, 2.5], [11, 2.5],
];
const TAKES_SEAT = new Set<number>([STATUS.OFFERED, STATUS.CONFIRMED, STATUS.ENROLLED]);

const DAY = 24 * 3600 * 1000;
const FIRST_LEAD = Date.parse('2026-09-01T14:00:00Z');
const LAST_LEAD = Date.parse('2026-11-15T20:00:00Z');
const NOW = Date.parse('2026-11-21T22:00:00Z');

type Planned = {
  applicant: typeof s.applicant.$inferInsert;
  application: Omit<typeof s.application.$inferInsert, 'id_applicant'>;
  path: StatusId[];
  createdAt: number;
  note: string | null;
  tags: number[];
};

export type CampusForApplications = { open: DemoPeriod; next: DemoPeriod; tagIds: number[]; staffUserId: number | null };

/** Plans `count` applications for a campus; seats are taken only while a grade has seats left. */
function planCampus(random: Random, campus: CampusForApplications, count: number, correlative: { next: number }): Planned[] {
  const plans: Planned[] = [];
  const waitingPositions = new Map<number, number>();
  const grades = [...campus.open.seats.keys()];
  for (let i = 0; i < count; i++) {
    let id_status = random.weighted(STATUS_WEIGHTS);
    const id_grade = random.pick(grades);
    const period = id_status === STATUS.LEAD_3 ? campus.next : campus.open;
    const seat = campus.open.seats.get(id_grade)!;
    if (TAKES_SEAT.has(id_status)) {
      if (seat.taken < seat.spots) seat.taken++;
      else id_status = STATUS.WAITING_LIST;
    }
    let waiting_list_position: number | null = null;
    if (id_status === STATUS.WAITING_LIST) {
      waiting_list_position = (waitingPositions.get(id_grade) ?? 0) + 1;
      waitingPositions.set(id_grade, waiting_list_position);
    }
    const createdAt = FIRST_LEAD + Math.floor(random.next() * (LAST_LEAD - FIRST_LEAD));
    plans.push({
      applicant: planApplicant(random, campus.open.id_school, id_grade),
      application: {
        id_school: campus.open.id_school,
        id_campus: campus.open.id_campus,
        id_campus_year: period.id_campus_year,
        id_school_year: period.id_school_year,
        correlative: correlative.next++,
        id_grade,
        id_priority_item: random.weighted([[1, 15], [2, 5], [3, 30], [4, 50]] as const),
        id_status,
        waiting_list_position,
        read: random.chance(0.85),
        sibling_priority: random.chance(0.15),
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
        ...(random.chance(0.12) ? { platform: random.int(1, 2), campaign_id: `cmp-${random.int(100, 120)}`, ad_id: `ad-${random.int(1000, 1100)}` } : {}),
      },
      path: PATH[id_status],
      createdAt,
      note: random.chance(0.2) ? random.pick(NOTES) : null,
      tags: random.chance(0.12) ? [random.pick(campus.tagIds)] : [],
    });
  }
  return plans;
}

function planApplicant(random: Random, id_school: number, id_grade: number): typeof s.applicant.$inferInsert {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const guardianFirst = random.pick(GUARDIAN_FIRST_NAMES);
  const ascii = (v: string) => v.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
  const [city, zip] = random.pick(CITIES);
  const address = `${random.int(100, 9999)} ${random.pick(STREETS)}, ${city}, AZ ${zip}${random.int(10, 99)}`;
  const age = GRADES.find((g) => g.id_grade === id_grade)!.age;
  const phone = () => `+1${random.pick(['480', '602', '623', '520'])}${random.int(2000000, 9999999)}`;
  return {
    id_school,
    firstName,
    lastName,
    email: random.chance(0.3) ? `${ascii(firstName)}.${ascii(lastName)}${random.int(1, 99)}@example.org` : null,
    phoneNumber: random.chance(0.3) ? phone() : null,
    dateOfBirth: `${2027 - age - 1}-${String(random.int(9, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    address,
    gender: random.pick(['F', 'M']),
    ethnicity: random.pick(ETHNICITIES),
    actualSchool: random.chance(0.6) ? random.pick(['Lincoln Elementary', 'Escuela Benito Juárez', 'Desert View Middle', 'Sunrise Preschool']) : null,
    id_guardian_type: random.weighted([[1, 55], [2, 30], [3, 8], [4, 5], [5, 2]] as const),
    guardianName: `${guardianFirst} ${lastName}`,
    guardianEmail: `${ascii(guardianFirst)}.${ascii(lastName)}${random.int(1, 999)}@example.org`,
    guardianPhoneNumber: phone(),
    guardianAddress: address,
    guardianOccupation: random.pick(OCCUPATIONS),
    guardianDateOfBirth: `${random.int(1975, 1995)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
  };
}

/** Inserts planned applications with their applicants, status histories, notes and tags, in bulk. */
async function insertPlans(tx: Executor, random: Random, plans: Planned[], staffUserId: number | null) {
  for (const batch of chunks(plans)) {
    const applicants = await tx.insert(s.applicant).values(batch.map((p) => p.applicant)).returning({ id: s.applicant.id_applicant });
    const applications = await tx
      .insert(s.application)
      .values(batch.map((p, i) => ({ ...p.application, id_applicant: applicants[i].id })))
      .returning({ id: s.application.id_application });
    const history: Array<typeof s.applicationStatus.$inferInsert> = [];
    const notes: Array<typeof s.applicationNote.$inferInsert> = [];
    const tags: Array<typeof s.applicationTag.$inferInsert> = [];
    batch.forEach((plan, i) => {
      const id_application = applications[i].id;
      const id_school = plan.application.id_school;
      let at = plan.createdAt;
      plan.path.forEach((id_status, step) => {
        if (step > 0) at = Math.min(at + random.int(1, 6) * DAY, NOW - (plan.path.length - step) * 3600 * 1000);
        history.push({
          id_school,
          id_application,
          id_status,
          id_status_from: step === 0 ? null : plan.path[step - 1],
          id_status_movement_type: 1,
          waiting_list_position: id_status === STATUS.WAITING_LIST ? plan.application.waiting_list_position : null,
          read: step < plan.path.length - 1 || Boolean(plan.application.read),
          id_user: step === 0 ? null : staffUserId,
          createdAt: new Date(at),
        });
      });
      if (plan.note) notes.push({ id_school, id_application, id_user: staffUserId, note: plan.note, createdAt: new Date(at) });
      for (const id_tag of plan.tags) tags.push({ id_school, id_application, id_tag });
    });
    for (const part of chunks(history, 1000)) await tx.insert(s.applicationStatus).values(part);
    if (notes.length) await tx.insert(s.applicationNote).values(notes);
    if (tags.length) await tx.insert(s.applicationTag).values(tags);
  }
}

/** Spreads `total` applications over the campuses, school by school with per-school correlatives. */
export async function seedApplications(tx: Executor, random: Random, campuses: CampusForApplications[], total: number): Promise<number> {
  const correlatives = new Map<number, { next: number }>();
  let inserted = 0;
  for (const [index, campus] of campuses.entries()) {
    const count = Math.floor(total / campuses.length) + (index < total % campuses.length ? 1 : 0);
    const correlative = correlatives.get(campus.open.id_school) ?? { next: 1 };
    correlatives.set(campus.open.id_school, correlative);
    const plans = planCampus(random, campus, count, correlative);
    await insertPlans(tx, random, plans, campus.staffUserId);
    for (const seat of campus.open.seats.values()) await tx.update(s.campusYearGrade).set({ taken: seat.taken }).where(eqSeat(seat.id));
    inserted += plans.length;
  }
  return inserted;
}

const eqSeat = (id: number) => eq(s.campusYearGrade.id_campus_year_grade, id);
