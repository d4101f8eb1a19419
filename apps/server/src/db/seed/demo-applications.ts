import { eq, sql } from 'drizzle-orm';
import { AD_PLATFORM, STATUS, type StatusId } from '@openseat/shared/constants';
import type { Executor } from '../client';
import { GRADES, SCHOOL_YEARS } from '../reference-data';
import * as s from '../schema/index';
import type { DemoPeriod } from './demo-enrollment';
import {
  CITIES,
  ETHNICITIES,
  EVENTS,
  FIRST_NAMES,
  GUARDIAN_FIRST_NAMES,
  LAST_NAMES,
  NOTES,
  OCCUPATIONS,
  PREVIOUS_SCHOOLS,
  STREETS,
} from './names';
import { chunks } from '../../lib/chunks';
import type { Random } from './random';

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
  [1, 15],
  [2, 10],
  [3, 20],
  [4, 5],
  [5, 8],
  [6, 15],
  [7, 7],
  [8, 5],
  [9, 10],
  [10, 2.5],
  [11, 2.5],
];
const PRIORITY_WEIGHTS = [
  [1, 15],
  [2, 5],
  [3, 30],
  [4, 50],
] as const;
const GUARDIAN_TYPE_WEIGHTS = [
  [1, 55],
  [2, 30],
  [3, 8],
  [4, 5],
  [5, 2],
] as const;
const TAKES_SEAT = new Set<number>([STATUS.OFFERED, STATUS.CONFIRMED, STATUS.ENROLLED]);
/** The statuses reported to the ads platforms as conversions (lead, applied, enrolled). */
const AD_CONVERSIONS = new Set<number>([STATUS.LEAD, STATUS.APPLIED, STATUS.ENROLLED]);
const SIBLING = 1;
const MOVED = 1;
/** Rows per insert statement: well under the 65,535 parameters one statement carries. */
const ROWS_PER_INSERT = 500;

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const FIRST_LEAD = Date.parse('2026-09-01T14:00:00Z');
const LAST_LEAD = Date.parse('2026-11-15T20:00:00Z');
const NOW = Date.parse('2026-11-21T22:00:00Z');
const FIRST_EVENT = Date.parse('2026-12-05T16:00:00Z');

type Planned = {
  applicant: typeof s.applicant.$inferInsert;
  application: Omit<typeof s.application.$inferInsert, 'id_applicant' | 'correlative'>;
  path: StatusId[];
  /** When each status of `path` was reached, increasing. */
  reachedAt: number[];
  note: string | null;
  tags: number[];
};

export type CampusForApplications = {
  open: DemoPeriod;
  next: DemoPeriod;
  tagIds: number[];
  staffUserId: number | null;
};

/** Times at which an application created at `createdAt` walked its path: a few days apart, all before now. */
function walkTimes(random: Random, createdAt: number, steps: number): number[] {
  const times = [createdAt];
  for (let step = 1; step < steps; step++)
    times.push(Math.min(times[step - 1] + random.int(1, 6) * DAY, NOW - (steps - step) * HOUR));
  return times;
}

/**
 * Plans `count` applications for a campus in the order they arrived: seats go to the first ones while a grade
 * has seats left, later ones wait, and waiting-list positions follow arrival.
 */
function planCampus(random: Random, campus: CampusForApplications, count: number): Planned[] {
  const arrivals = Array.from(
    { length: count },
    () => FIRST_LEAD + Math.floor(random.next() * (LAST_LEAD - FIRST_LEAD)),
  ).sort((a, b) => a - b);
  const waitingPositions = new Map<number, number>();
  const grades = [...campus.open.seats.keys()];
  return arrivals.map((createdAt) => {
    let id_status = random.weighted(STATUS_WEIGHTS);
    const id_grade = random.pick(grades);
    const seat = campus.open.seats.get(id_grade);
    if (seat && TAKES_SEAT.has(id_status)) {
      if (seat.taken < seat.spots) seat.taken++;
      else id_status = STATUS.WAITING_LIST;
    }
    let waiting_list_position: number | null = null;
    if (id_status === STATUS.WAITING_LIST) {
      waiting_list_position = (waitingPositions.get(id_grade) ?? 0) + 1;
      waitingPositions.set(id_grade, waiting_list_position);
    }
    // 'Enrollment next year' leads belong to the period after the open one
    const period = id_status === STATUS.LEAD_3 ? campus.next : campus.open;
    const path = PATH[id_status];
    const reachedAt = walkTimes(random, createdAt, path.length);
    const id_priority_item = random.weighted(PRIORITY_WEIGHTS);
    const event = random.chance(0.1)
      ? { event_date: new Date(FIRST_EVENT + random.int(0, 20) * DAY), event_preference: random.pick(EVENTS) }
      : {};
    const ad = random.chance(0.12)
      ? {
          platform: random.pick([AD_PLATFORM.FB_PIXEL, AD_PLATFORM.GOOGLE_ADS]),
          campaign_id: `cmp-${random.int(100, 120)}`,
          ad_id: `ad-${random.int(1000, 1100)}`,
        }
      : {};
    return {
      applicant: planApplicant(random, period, id_grade),
      application: {
        id_school: period.id_school,
        id_campus: period.id_campus,
        id_campus_year: period.id_campus_year,
        id_school_year: period.id_school_year,
        id_grade,
        id_priority_item,
        id_status,
        waiting_list_position,
        read: random.chance(0.85),
        sibling_priority: id_priority_item === SIBLING,
        createdAt: new Date(createdAt),
        updatedAt: new Date(reachedAt[reachedAt.length - 1]),
        ...event,
        ...ad,
      },
      path,
      reachedAt,
      note: random.chance(0.2) ? random.pick(NOTES) : null,
      tags: random.chance(0.12) ? [random.pick(campus.tagIds)] : [],
    };
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
const ascii = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** A child of the grade's age on September 1 of the period's first year, and a guardian. */
function planApplicant(random: Random, period: DemoPeriod, id_grade: number): typeof s.applicant.$inferInsert {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const guardianFirst = random.pick(GUARDIAN_FIRST_NAMES);
  const [city, zip] = random.pick(CITIES);
  const address = `${random.int(100, 9999)} ${random.pick(STREETS)}, ${city}, AZ ${zip}${random.int(10, 99)}`;
  const age = GRADES.find((g) => g.id_grade === id_grade)?.age ?? 5;
  const schoolStarts = SCHOOL_YEARS.find((y) => y.id_school_year === period.id_school_year)?.year_one ?? 2027;
  const birthMonth = random.int(1, 12);
  const birthYear = schoolStarts - age - (birthMonth >= 9 ? 1 : 0);
  const phone = () => `+1${random.pick(['480', '602', '623', '520'])}${random.int(2000000, 9999999)}`;
  return {
    id_school: period.id_school,
    firstName,
    lastName,
    email: random.chance(0.3) ? `${ascii(firstName)}.${ascii(lastName)}${random.int(1, 99)}@example.org` : null,
    phoneNumber: random.chance(0.3) ? phone() : null,
    dateOfBirth: `${birthYear}-${pad(birthMonth)}-${pad(random.int(1, 28))}`,
    address,
    gender: random.pick(['F', 'M']),
    ethnicity: random.pick(ETHNICITIES),
    actualSchool: random.chance(0.6) ? random.pick(PREVIOUS_SCHOOLS) : null,
    id_guardian_type: random.weighted(GUARDIAN_TYPE_WEIGHTS),
    guardianName: `${guardianFirst} ${lastName}`,
    guardianEmail: `${ascii(guardianFirst)}.${ascii(lastName)}${random.int(1, 999)}@example.org`,
    guardianPhoneNumber: phone(),
    guardianAddress: address,
    guardianOccupation: random.pick(OCCUPATIONS),
    guardianDateOfBirth: `${random.int(1975, 1995)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`,
    // about a third of the families read Spanish (from the street number: no extra draw, the data stays the same)
    guardianLanguage: (address.length % 3 === 0 ? 'es' : 'en') as 'en' | 'es',
  };
}

type Children = {
  history: Array<typeof s.applicationStatus.$inferInsert>;
  notes: Array<typeof s.applicationNote.$inferInsert>;
  tags: Array<typeof s.applicationTag.$inferInsert>;
  adEvents: Array<typeof s.adsConversionEvent.$inferInsert>;
};

/** The status history walking the plan's path, its note, tags and ads conversions. */
function childrenOf(plan: Planned, id_application: number, staffUserId: number | null, into: Children): void {
  const { id_school, waiting_list_position, read, platform, campaign_id, ad_id } = plan.application;
  const last = plan.path.length - 1;
  plan.path.forEach((id_status, step) => {
    const createdAt = new Date(plan.reachedAt[step]);
    into.history.push({
      id_school,
      id_application,
      id_status,
      id_status_from: step === 0 ? null : plan.path[step - 1],
      id_status_movement_type: MOVED,
      waiting_list_position: id_status === STATUS.WAITING_LIST ? waiting_list_position : null,
      read: step < last || Boolean(read),
      id_user: step === 0 ? null : staffUserId,
      createdAt,
    });
    if (platform && AD_CONVERSIONS.has(id_status)) {
      into.adEvents.push({
        id_school,
        id_application,
        id_ads_conversion_event_type: platform,
        campaign_id,
        ad_id,
        id_status,
        status: 'sent',
        sentAt: createdAt,
        createdAt,
      });
    }
  });
  if (plan.note)
    into.notes.push({
      id_school,
      id_application,
      id_user: staffUserId,
      note: plan.note,
      createdAt: new Date(plan.reachedAt[last]),
    });
  for (const id_tag of plan.tags) into.tags.push({ id_school, id_application, id_tag });
}

/** Inserts one school's applications (in arrival order, numbered 1..n) with their applicants and children, in bulk. */
async function insertSchool(tx: Executor, plans: Array<{ plan: Planned; staffUserId: number | null }>): Promise<void> {
  let correlative = 0;
  for (const batch of chunks(plans, ROWS_PER_INSERT)) {
    const first = correlative + 1;
    correlative += batch.length;
    const applicants = await tx
      .insert(s.applicant)
      .values(batch.map(({ plan }) => plan.applicant))
      .returning({ id: s.applicant.id_applicant });
    const applications = await tx
      .insert(s.application)
      .values(
        batch.map(({ plan }, i) => ({ ...plan.application, id_applicant: applicants[i].id, correlative: first + i })),
      )
      .returning({ id: s.application.id_application });
    const children: Children = { history: [], notes: [], tags: [], adEvents: [] };
    batch.forEach(({ plan, staffUserId }, i) => childrenOf(plan, applications[i].id, staffUserId, children));
    for (const part of chunks(children.history, ROWS_PER_INSERT)) await tx.insert(s.applicationStatus).values(part);
    if (children.notes.length) await tx.insert(s.applicationNote).values(children.notes);
    if (children.tags.length) await tx.insert(s.applicationTag).values(children.tags);
    if (children.adEvents.length) await tx.insert(s.adsConversionEvent).values(children.adEvents);
  }
}

/** Spreads `total` applications over the campuses; each school numbers its applications in arrival order. */
export async function seedApplications(
  tx: Executor,
  random: Random,
  campuses: CampusForApplications[],
  total: number,
): Promise<number> {
  const bySchool = new Map<number, Array<{ plan: Planned; staffUserId: number | null }>>();
  for (const [index, campus] of campuses.entries()) {
    const count = Math.floor(total / campuses.length) + (index < total % campuses.length ? 1 : 0);
    const plans = planCampus(random, campus, count).map((plan) => ({ plan, staffUserId: campus.staffUserId }));
    bySchool.set(campus.open.id_school, [...(bySchool.get(campus.open.id_school) ?? []), ...plans]);
  }
  let inserted = 0;
  for (const plans of bySchool.values()) {
    // stable sort: equal arrival times keep campus order, so every run numbers them alike
    plans.sort((a, b) => a.plan.reachedAt[0] - b.plan.reachedAt[0]);
    await insertSchool(tx, plans);
    inserted += plans.length;
  }
  for (const seat of campuses.flatMap((c) => [...c.open.seats.values()])) {
    await tx
      .update(s.campusYearGrade)
      .set({ taken: seat.taken })
      .where(eq(s.campusYearGrade.id_campus_year_grade, seat.id));
  }
  await consentToTexts(tx);
  return inserted;
}

/** The demo's families said yes to texts on their forms (their phones are written in E.164 already). */
async function consentToTexts(tx: Executor) {
  await tx.execute(sql`
    INSERT INTO sms_consent (id_school, address, granted, source)
    SELECT DISTINCT id_school, phone, true, 'form'
    FROM applicant, LATERAL (VALUES (guardian_phone_number), (phone_number)) AS phones(phone)
    WHERE phone IS NOT NULL`);
}
