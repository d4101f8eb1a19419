import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  json,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { grade, guardianType, priorityItem, schoolYear } from './catalog';
import { campus, school } from './organization';
import { campusYear } from './enrollment';
import { user } from './access';
import { importBatch } from './imports';

/*
 * Tenant references: a row that carries id_school points at its campus, period, applicant, application or tag
 * through (id_school, id_...), so the database refuses a row that points into another school.
 */

type SchoolColumns<K extends string> = { id_school: AnyPgColumn } & Record<K, AnyPgColumn>;

/** (id_school, id_application) -> application, removed with it. */
const ofApplication = (name: string, t: SchoolColumns<'id_application'>) =>
  foreignKey({
    name,
    columns: [t.id_school, t.id_application],
    foreignColumns: [application.id_school, application.id_application],
  }).onDelete('cascade');

/** (id_school, id_campus_year) -> campus_year. */
const ofPeriod = (name: string, t: SchoolColumns<'id_campus_year'>) =>
  foreignKey({
    name,
    columns: [t.id_school, t.id_campus_year],
    foreignColumns: [campusYear.id_school, campusYear.id_campus_year],
  });

/**
 * A guardian's e-mail and phone as modules/applications/siblings.service.ts normalises them: applicant's stored
 * `guardian_email_key` and `guardian_phone_key` are these, and other tables' contacts (a message's recipient, a
 * consent's phone) are compared through them.
 */
export const guardianEmailKey = (email: AnyPgColumn | SQL) =>
  sql`lower(regexp_replace(coalesce(${email}, ''), '[[:space:]]', '', 'g'))`;
export const guardianPhoneKey = (phone: AnyPgColumn | SQL) =>
  sql`right(regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g'), 10)`;

export const applicant = pgTable(
  'applicant',
  {
    id_applicant: serial('id_applicant').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    dateOfBirth: date('date_of_birth'),
    /** The address on one line, as shown: built from the parts below when they are given; old rows keep theirs. */
    address: text('address'),
    /** The address in parts (SIS exports read them); empty for rows whose one-line address could not be parsed. */
    addressStreet: text('address_street'),
    addressCity: text('address_city'),
    /** Two-letter state code. */
    addressState: text('address_state'),
    addressZip: text('address_zip'),
    gender: text('gender'),
    ethnicity: text('ethnicity'),
    actualSchool: text('actual_school'),
    sisterSchool: text('sister_school'),
    id_guardian_type: integer('id_guardian_type').references(() => guardianType.id),
    guardianName: text('guardian_name'),
    guardianEmail: text('guardian_email'),
    guardianPhoneNumber: text('guardian_phone_number'),
    guardianAddress: text('guardian_address'),
    guardianOccupation: text('guardian_occupation'),
    guardianDateOfBirth: date('guardian_date_of_birth'),
    /** 'en' or 'es': the language of the templates the family receives. */
    guardianLanguage: text('guardian_language').notNull().default('en'),
    /**
     * What the list's text search looks in: names, e-mails and phones of applicant and guardian, lower case.
     * Kept by the database; a trigram index makes `LIKE '%term%'` on it an index search, not a scan.
     */
    /**
     * The guardian's contact keys (guardianEmailKey, guardianPhoneKey), stored: a family is found by `=` on a plain
     * column, which stays indexed under row-level security (an expression index on lower() or regexp_replace() does
     * not: those functions are not leakproof).
     */
    guardianEmailKey: text('guardian_email_key').generatedAlwaysAs(guardianEmailKey(sql`"guardian_email"`)),
    guardianPhoneKey: text('guardian_phone_key').generatedAlwaysAs(guardianPhoneKey(sql`"guardian_phone_number"`)),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, '') || ' ' || coalesce(guardian_name, '') || ' ' || coalesce(guardian_email, '') || ' ' || coalesce(guardian_phone_number, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('applicant_school_name_idx').on(t.id_school, t.lastName, t.firstName),
    unique('applicant_school_id').on(t.id_school, t.id_applicant),
    index('applicant_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // siblings: the detail's family query filters on these very expressions, so a family is found by index
    index('applicant_guardian_email_key_idx').on(t.guardianEmailKey),
    index('applicant_guardian_phone_key_idx').on(t.guardianPhoneKey),
    check('applicant_guardian_language', sql`${t.guardianLanguage} IN ('en', 'es', 'vi', 'zh', 'ht', 'ar')`),
  ],
);

export const application = pgTable(
  'application',
  {
    id_application: serial('id_application').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    id_campus_year: integer('id_campus_year'),
    id_school_year: integer('id_school_year')
      .notNull()
      .references(() => schoolYear.id_school_year),
    /** Number shown to staff, sequential per school. */
    correlative: integer('correlative').notNull(),
    id_applicant: integer('id_applicant').notNull(),
    id_grade: integer('id_grade').references(() => grade.id_grade),
    id_priority_item: integer('id_priority_item').references(() => priorityItem.id_priority_item),
    /** Current status, derived from the newest status-history row in the same transaction (CHECK: a catalog id). */
    id_status: integer('id_status').notNull(),
    waiting_list_position: integer('waiting_list_position'),
    read: boolean('read').notNull().default(false),
    event_date: timestamp('event_date', { withTimezone: true }),
    event_preference: text('event_preference'),
    sibling_priority: boolean('sibling_priority').notNull().default(false),
    /** The application this one was copied from (copy to another school year). */
    copiedFrom: integer('copied_from').references((): AnyPgColumn => application.id_application, {
      onDelete: 'set null',
    }),
    campaign_id: text('campaign_id'),
    ad_id: text('ad_id'),
    /** Ad platform the lead came from: fbPixel 1, googleAds 2. */
    platform: integer('platform'),
    /** How the family heard of the school, as staff noted it at intake (HEARD_FROM in packages/shared). */
    heard_from: text('heard_from'),
    /** How the application came in: 'staff', 'web_form' (a form webhook), 'copy'; null for rows older than it. */
    origin: text('origin'),
    /**
     * The draw this application took part in: its lottery number (rank inside its priority level), the level it was
     * drawn at (the sibling level when boosted) and its order inside the grade (the tie-break of a later reorder).
     */
    id_lottery: integer('id_lottery'),
    lottery_number: integer('lottery_number'),
    lottery_level: integer('lottery_level'),
    lottery_order: integer('lottery_order'),
    /** When an offer lapses (offered + the period's acceptance days); null while not offered or with no limit. */
    offer_expires_at: timestamp('offer_expires_at', { withTimezone: true }),
    /** The import that created this application (null: not imported); undoing the import deletes it. */
    id_import_batch: integer('id_import_batch'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When the retention job anonymised it (docs/privacy.md): the row and its ids stay, the family's data went. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('application_school_correlative').on(t.id_school, t.correlative),
    unique('application_school_id').on(t.id_school, t.id_application),
    foreignKey({
      name: 'application_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }),
    foreignKey({
      name: 'application_period_fk',
      columns: [t.id_school, t.id_campus_year],
      foreignColumns: [campusYear.id_school, campusYear.id_campus_year],
    }),
    foreignKey({
      name: 'application_applicant_fk',
      columns: [t.id_school, t.id_applicant],
      foreignColumns: [applicant.id_school, applicant.id_applicant],
    }),
    // an applicant's applications. Migration 0021 adds INCLUDE (id_school, id_campus, id_school_year, id_status,
    // deleted_at), which drizzle cannot declare: a text search's count checks its matches' period and status from
    // the index alone (see searchCondition), and included columns cost an insert no key comparisons
    index('application_applicant_idx').on(t.id_applicant),
    // ads tracking reads only the applications that came from an ad: the others (most) cost this index nothing
    index('application_ads_idx')
      .on(t.id_school, t.platform, t.createdAt)
      .where(sql`${t.platform} IS NOT NULL`),
    // one live copy of an application per school year: a copy job run again (retried) adds no duplicate
    uniqueIndex('application_copy_once')
      .on(t.copiedFrom, t.id_school_year)
      .where(sql`${t.copiedFrom} IS NOT NULL AND ${t.deletedAt} IS NULL`),
    check(
      'application_waiting_list_position',
      sql`${t.waiting_list_position} IS NULL OR ${t.waiting_list_position} > 0`,
    ),
    // only an application on the waiting list has a place in it
    check('application_waiting_only', sql`${t.waiting_list_position} IS NULL OR ${t.id_status} = 6`),
    // the daily offer-expiry job reads only the offers that can lapse
    index('application_offer_expiry_idx')
      .on(t.offer_expires_at)
      .where(sql`${t.offer_expires_at} IS NOT NULL AND ${t.deletedAt} IS NULL`),
    check('application_status_known', sql`${t.id_status} BETWEEN 1 AND 11`),
    check('application_offer_expiry_offered', sql`${t.offer_expires_at} IS NULL OR ${t.id_status} = 5`),
    foreignKey({
      name: 'application_import_batch_fk',
      columns: [t.id_school, t.id_import_batch],
      foreignColumns: [importBatch.id_school, importBatch.id_import_batch],
    }),
    index('application_import_batch_idx')
      .on(t.id_import_batch)
      .where(sql`${t.id_import_batch} IS NOT NULL`),
    foreignKey({
      name: 'application_lottery_fk',
      columns: [t.id_school, t.id_lottery],
      foreignColumns: [lottery.id_school, lottery.id_lottery],
    }),
    // the lists: live applications of a campus, newest first (deleted ones are kept only for the audit); the
    // trailing columns let a page, a deep page and the search's join read this index alone, not the rows
    index('application_live_period_idx')
      .on(t.id_campus, t.id_school_year, t.createdAt, t.id_application, t.id_status, t.id_school, t.id_applicant)
      .where(sql`${t.deletedAt} IS NULL`),
    // the dashboard's status chart: live applications of a campus and period by status, read by this index alone;
    // the trailing columns let a text search's count (applicant) and the waiting list's page (grade, place, id) read
    // it alone too, without visiting the rows
    index('application_dashboard_idx')
      .on(
        t.id_school,
        t.id_campus,
        t.id_school_year,
        t.id_status,
        t.id_applicant,
        t.id_grade,
        t.waiting_list_position,
        t.id_application,
      )
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** Append-only status history; `application.id_status` follows its newest row. */
export const applicationStatus = pgTable(
  'application_status',
  {
    id_application_status: serial('id_application_status').primaryKey(),
    /** The school is kept by the (school, application) key to the application. */
    id_school: integer('id_school').notNull(),
    id_application: integer('id_application').notNull(),
    // the catalog ids are CHECKed, not foreign keys: a key costs a trigger and a catalog row lock per history row
    id_status: integer('id_status').notNull(),
    id_status_from: integer('id_status_from'),
    id_status_movement_type: integer('id_status_movement_type').notNull().default(1),
    waiting_list_position: integer('waiting_list_position'),
    read: boolean('read').notNull().default(false),
    id_user: integer('id_user').references(() => user.id_user),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_status_app_idx').on(t.id_application, t.createdAt),
    // the family portal's list movement (family-movement.repository.ts) reads only moves onto or off a waiting list:
    // every guardian of a grade asks for them on a results day
    index('application_status_waiting_moves_idx')
      .on(t.id_application, t.createdAt, t.id_status, t.id_status_from)
      .where(sql`${t.id_status} = 6 OR ${t.id_status_from} = 6`),
    ofApplication('application_status_application_fk', t),
    check(
      'application_status_status_known',
      sql`${t.id_status} BETWEEN 1 AND 11 AND (${t.id_status_from} IS NULL OR ${t.id_status_from} BETWEEN 1 AND 11)`,
    ),
    check('application_status_movement_known', sql`${t.id_status_movement_type} BETWEEN 1 AND 7`),
  ],
);

export const applicationNote = pgTable(
  'application_note',
  {
    id_application_note: serial('id_application_note').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_application: integer('id_application').notNull(),
    id_user: integer('id_user').references(() => user.id_user),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_note_app_idx').on(t.id_application, t.createdAt),
    ofApplication('application_note_application_fk', t),
  ],
);

export const applicationFile = pgTable(
  'application_file',
  {
    id_application_file: serial('id_application_file').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_application: integer('id_application').notNull(),
    storedPath: text('stored_path').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    id_user: integer('id_user').references(() => user.id_user),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_file_app_idx').on(t.id_application), ofApplication('application_file_application_fk', t)],
);

export const tag = pgTable(
  'tag',
  {
    id_tag: serial('id_tag').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('tag_campus_name').on(t.id_campus, t.name),
    unique('tag_school_id').on(t.id_school, t.id_tag),
    foreignKey({
      name: 'tag_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }).onDelete('cascade'),
    index('tag_school_idx').on(t.id_school, t.id_campus, t.name),
  ],
);

export const applicationTag = pgTable(
  'application_tag',
  {
    id_application_tag: serial('id_application_tag').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_application: integer('id_application').notNull(),
    id_tag: integer('id_tag').notNull(),
  },
  (t) => [
    unique('application_tag_pair').on(t.id_application, t.id_tag),
    index('application_tag_tag_idx').on(t.id_tag),
    ofApplication('application_tag_application_fk', t),
    foreignKey({
      name: 'application_tag_tag_fk',
      columns: [t.id_school, t.id_tag],
      foreignColumns: [tag.id_school, tag.id_tag],
    }).onDelete('cascade'),
  ],
);

/**
 * A lottery of a school period and its record (docs/lottery-algorithm.md). v1 (`committed`, then `drawn`): the server's
 * seed, its hash shown first; practice-grade, kept for the records drawn that way. v2: `frozen` fixes the canonical
 * inputs and a public source of randomness chosen before it exists (a drand round after the freeze, or dice rolled at
 * the meeting); `unfrozen` gave the inputs back to editing; `drawn` is the record, signed; `superseded` a draw that a
 * later re-run replaced. The period's log (`lottery_log`) holds every step.
 */
export const lottery = pgTable(
  'lottery',
  {
    id_lottery: serial('id_lottery').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus_year: integer('id_campus_year').notNull(),
    state: text('state').notNull().default('drawn'),
    algorithm: text('algorithm').notNull(),
    /** v1: 32 random bytes, hex, never shown before the draw. v2: derived at the draw (null before). */
    seed: text('seed'),
    seedHash: text('seed_hash'),
    id_user: integer('id_user').references(() => user.id_user, { onDelete: 'set null' }),
    consideredCount: integer('considered_count').notNull().default(0),
    selectedCount: integer('selected_count').notNull().default(0),
    waitingCount: integer('waiting_count').notNull().default(0),
    /**
     * The ordered inputs the draw ran on (grades with seats, entries with level, weight and family); v2: written at
     * the freeze. `json`, not `jsonb`: the record is written once and read whole, never queried inside, and storing
     * the text as it comes spares the draw's transaction the conversion (10,000 entries: 100 ms).
     */
    inputs: json('inputs'),
    inputsHash: text('inputs_hash'),
    /** The outcomes in draw order (`json` as the inputs). */
    result: json('result'),
    resultHash: text('result_hash'),
    /** HMAC of the record with a server secret: a row rewritten in the database no longer verifies. */
    signature: text('signature'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    /** v2: 'drand' or 'dice'. */
    source: text('source'),
    /** drand: the chain's hash, the committed round, when it is published, and its value once drawn. */
    beaconChain: text('beacon_chain'),
    beaconRound: integer('beacon_round'),
    roundAt: timestamp('round_at', { withTimezone: true }),
    beaconSignature: text('beacon_signature'),
    beaconPreviousSignature: text('beacon_previous_signature'),
    /** Dice: the first staff entry (kept until a second user confirms it) and the confirmed digits. */
    diceFirstEntry: text('dice_first_entry'),
    diceFirstUser: integer('dice_first_user').references(() => user.id_user, { onDelete: 'set null' }),
    diceDigits: text('dice_digits'),
    /** The hash of the period's log entry that recorded the draw: the record names its place in the chain. */
    logHash: text('log_hash'),
  },
  (t) => [
    index('lottery_period_idx').on(t.id_school, t.id_campus_year, t.createdAt),
    ofPeriod('lottery_period_fk', t),
    unique('lottery_school_id').on(t.id_school, t.id_lottery),
    // one draw per school period: a second run (or one racing the first) is refused by the database too
    uniqueIndex('lottery_one_drawn')
      .on(t.id_campus_year)
      .where(sql`${t.state} = 'drawn'`),
    uniqueIndex('lottery_one_frozen')
      .on(t.id_campus_year)
      .where(sql`${t.state} = 'frozen'`),
    // a round that decided a draw never decides another one of the period (a re-run needs a new round)
    uniqueIndex('lottery_round_once')
      .on(t.id_campus_year, t.beaconChain, t.beaconRound)
      .where(sql`${t.state} IN ('drawn', 'superseded')`),
    check('lottery_state', sql`${t.state} IN ('committed', 'frozen', 'unfrozen', 'drawn', 'superseded')`),
    check('lottery_source', sql`${t.source} IS NULL OR ${t.source} IN ('drand', 'dice')`),
  ],
);

/**
 * A school period's public lottery log: freeze, unfreeze (with its reason), practice, draw, re-run. Append-only (a
 * trigger refuses updates and deletes) and hash-chained (modules/lottery/lottery.log-chain.ts): each entry's hash
 * covers the previous one's. No names: ids, hashes, rounds and reasons only.
 */
export const lotteryLog = pgTable(
  'lottery_log',
  {
    id_lottery_log: serial('id_lottery_log').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus_year: integer('id_campus_year').notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The entry's facts as the exact JSON text its hash covers. */
    body: text('body').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    ofPeriod('lottery_log_period_fk', t),
    unique('lottery_log_seq').on(t.id_campus_year, t.seq),
    check('lottery_log_kind', sql`${t.kind} IN ('freeze', 'unfreeze', 'practice', 'draw', 'rerun')`),
  ],
);

/** Reordering the waiting list by priorities is final: who, why, and that they acknowledged it. */
export const waitingListReorder = pgTable(
  'waiting_list_reorder',
  {
    id_waiting_list_reorder: serial('id_waiting_list_reorder').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus_year: integer('id_campus_year').notNull(),
    id_grade: integer('id_grade').references(() => grade.id_grade),
    id_user: integer('id_user').references(() => user.id_user, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    acknowledged: boolean('acknowledged').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('waiting_list_reorder_period_idx').on(t.id_school, t.id_campus_year, t.createdAt),
    ofPeriod('waiting_list_reorder_period_fk', t),
    check('waiting_list_reorder_reason', sql`char_length(${t.reason}) >= 10 AND ${t.acknowledged}`),
  ],
);
