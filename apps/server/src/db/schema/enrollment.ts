import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { grade, priorityItem, schoolYear } from './catalog';
import { campus, school } from './organization';

/*
 * Tenant references: a row that carries id_school points at its campus or period through (id_school, id_...),
 * so the database refuses a row whose campus or period belongs to another school.
 */

/** A grade offered by a campus; activated when the campus takes applications for it. */
export const campusGrade = pgTable(
  'campus_grade',
  {
    id_campus_grade: serial('id_campus_grade').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    id_grade: integer('id_grade')
      .notNull()
      .references(() => grade.id_grade),
    activatable: boolean('activatable').notNull().default(false),
    /** Grade option shown on forms (value, label). */
    optionValue: text('option_value'),
    optionLabel: text('option_label'),
  },
  (t) => [
    unique('campus_grade_campus_grade').on(t.id_campus, t.id_grade),
    index('campus_grade_school_idx').on(t.id_school, t.id_campus),
    foreignKey({
      name: 'campus_grade_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }).onDelete('cascade'),
  ],
);

/** A school period: one campus, one school year, its seats and enrollment dates. */
export const campusYear = pgTable(
  'campus_year',
  {
    id_campus_year: serial('id_campus_year').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    id_school_year: integer('id_school_year')
      .notNull()
      .references(() => schoolYear.id_school_year),
    spots: integer('spots').notNull().default(0),
    enrollment_start_date: date('enrollment_start_date'),
    enrollment_end_date: date('enrollment_end_date'),
    first_day_of_school: date('first_day_of_school'),
    enrollment_acceptance_period: integer('enrollment_acceptance_period').notNull().default(0),
    /*
     * The offer deadline rule (docs/api-waiting-list.md, "Offer deadline rule"). Neither days nor date: the period
     * keeps the older rule, the offer's own hour + `enrollment_acceptance_period` days (0: offers do not lapse).
     */
    offer_deadline_days: integer('offer_deadline_days'),
    offer_deadline_date: date('offer_deadline_date'),
    /** HH:MM on the campus's clock. */
    offer_deadline_time: text('offer_deadline_time').notNull().default('17:00'),
    offer_deadline_skip_weekends: boolean('offer_deadline_skip_weekends').notNull().default(false),
    /** Sorted, each once (the schema's transform). */
    offer_deadline_holidays: date('offer_deadline_holidays')
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    /** Hours before an offer lapses that the family is reminded; null: no reminder. */
    offer_reminder_hours: integer('offer_reminder_hours'),
    enrollment_mode: integer('enrollment_mode').notNull().default(1),
    auto_move_waiting_list_on_decline: boolean('auto_move_waiting_list_on_decline').notNull().default(false),
    /** Lottery sibling rule: once a child wins a seat, its siblings are drawn at the campus's sibling level. */
    sibling_priority: boolean('sibling_priority').notNull().default(false),
    state: text('state').notNull().default('not_started'),
    /**
     * Set while the period's lottery is frozen: triggers then refuse changes to the draw's inputs (applications of the
     * period, seats, priorities, sibling links). Kept here so the check is one lookup of a row already read.
     */
    lotteryFrozen: boolean('lottery_frozen').notNull().default(false),
    /** The address of the period's public lottery page (log, results report, record); made at the first freeze. */
    lotteryPublicToken: text('lottery_public_token').unique('campus_year_lottery_public_token'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('campus_year_campus_school_year').on(t.id_campus, t.id_school_year),
    unique('campus_year_school_id').on(t.id_school, t.id_campus_year),
    foreignKey({
      name: 'campus_year_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }).onDelete('cascade'),
    // one started school period per campus, guaranteed by the database as well as by the service's lock
    uniqueIndex('campus_year_one_started')
      .on(t.id_campus)
      .where(sql`${t.state} = 'started'`),
    index('campus_year_school_idx').on(t.id_school, t.id_campus, t.state),
    check('campus_year_state', sql`${t.state} IN ('not_started', 'started', 'finalized')`),
    check('campus_year_spots', sql`${t.spots} >= 0 AND ${t.enrollment_acceptance_period} >= 0`),
    check(
      'campus_year_offer_deadline',
      sql`${t.offer_deadline_days} BETWEEN 0 AND 365 AND ${t.offer_reminder_hours} > 0 AND ${t.offer_deadline_time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
  ],
);

/** Seats per grade of a school period. `taken` never exceeds `spots`: offers take seats with a conditional update. */
export const campusYearGrade = pgTable(
  'campus_year_grade',
  {
    id_campus_year_grade: serial('id_campus_year_grade').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus_year: integer('id_campus_year').notNull(),
    id_grade: integer('id_grade')
      .notNull()
      .references(() => grade.id_grade),
    spots: integer('spots').notNull().default(0),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    unique('campus_year_grade_period_grade').on(t.id_campus_year, t.id_grade),
    foreignKey({
      name: 'campus_year_grade_period_fk',
      columns: [t.id_school, t.id_campus_year],
      foreignColumns: [campusYear.id_school, campusYear.id_campus_year],
    }).onDelete('cascade'),
    check('campus_year_grade_seats', sql`${t.spots} >= 0 AND ${t.taken} >= 0 AND ${t.taken} <= ${t.spots}`),
  ],
);

/** The level of each priority item on a campus (1 first). */
export const campusPriority = pgTable(
  'campus_priority',
  {
    id_campus_priority: serial('id_campus_priority').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    id_priority_item: integer('id_priority_item')
      .notNull()
      .references(() => priorityItem.id_priority_item),
    priority_level: integer('priority_level').notNull(),
    /** Lottery odds inside the level: weight 2 is twice as likely as weight 1 to be drawn next (docs/lottery-algorithm.md). */
    weight: doublePrecision('weight').notNull().default(1),
  },
  (t) => [
    unique('campus_priority_item').on(t.id_campus, t.id_priority_item),
    foreignKey({
      name: 'campus_priority_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }).onDelete('cascade'),
    check('campus_priority_level', sql`${t.priority_level} > 0`),
    check('campus_priority_weight', sql`${t.weight} > 0 AND ${t.weight} <= 100`),
  ],
);
