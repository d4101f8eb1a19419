import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { schoolYear } from './catalog';
import { campus, school } from './organization';
import { user } from './access';

/**
 * One self-serve import of a school's spreadsheet (issue 27, docs/import-apply.md): asked for by a user, committed by a
 * background job in one transaction, undone as a whole while nothing has moved since. `id_campus` is the campus the
 * import was limited to (a campus user's import), null for a school-wide one.
 */
export const importBatch = pgTable(
  'import_batch',
  {
    id_import_batch: serial('id_import_batch').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus'),
    id_school_year: integer('id_school_year')
      .notNull()
      .references(() => schoolYear.id_school_year),
    id_user: integer('id_user').references(() => user.id_user, { onDelete: 'set null' }),
    /** pending (queued) -> working -> done | failed; done -> undone. */
    status: text('status').notNull().default('pending'),
    /** Rows of the file. */
    total: integer('total').notNull(),
    /** Applications created, existing applications merged into, rows skipped (a duplicate) and refused (bad). */
    created: integer('created').notNull().default(0),
    merged: integer('merged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** Rows written so far by the commit (the progress the screen polls). */
    processed: integer('processed').notNull().default(0),
    /** Why the commit failed: a message key. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The commit's transaction time: every row it wrote carries it, so a later change is seen as newer. */
    committedAt: timestamp('committed_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    unique('import_batch_school_id').on(t.id_school, t.id_import_batch),
    index('import_batch_school_idx').on(t.id_school, t.createdAt),
    foreignKey({
      name: 'import_batch_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }),
    check('import_batch_status', sql`${t.status} IN ('pending', 'working', 'done', 'failed', 'undone')`),
    check('import_batch_progress', sql`${t.processed} >= 0 AND ${t.processed} <= ${t.total}`),
  ],
);

/**
 * The rows an import will write (staged when the commit is asked for, read by its job) and, for a merge, the
 * application it filled and the fields it filled with their values before (the undo puts them back). A created
 * application names its import itself (`application.id_import_batch`).
 */
export const importBatchRow = pgTable(
  'import_batch_row',
  {
    id_import_batch_row: serial('id_import_batch_row').primaryKey(),
    id_school: integer('id_school').notNull(),
    id_import_batch: integer('id_import_batch').notNull(),
    /** The row's number in the file, as a spreadsheet shows it. */
    rowNumber: integer('row_number').notNull(),
    /** 'new': an application to create; 'merge': fills the empty fields of `id_application`. */
    action: text('action').notNull(),
    /** The row's checked values (modules/imports/apply/import-plan.ts, StagedRow). */
    payload: jsonb('payload').notNull(),
    id_application: integer('id_application'),
    /** A merge's filled fields with the values they had before (null). */
    filled: jsonb('filled'),
  },
  (t) => [
    index('import_batch_row_batch_idx').on(t.id_import_batch, t.rowNumber),
    foreignKey({
      name: 'import_batch_row_batch_fk',
      columns: [t.id_school, t.id_import_batch],
      foreignColumns: [importBatch.id_school, importBatch.id_import_batch],
    }).onDelete('cascade'),
    check('import_batch_row_action', sql`${t.action} IN ('new', 'merge')`),
  ],
);
