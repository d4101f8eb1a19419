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
import { campus, school } from './organization';

/*
 * Self-serve import (issue 27), the reading half: the files staff upload (kept under DATA_DIR/files/imports, read by
 * the preview and the dry run) and the school's named column mappings. docs/import-formats.md.
 */

/** An uploaded file: the school's, and the campus's when a campus user uploaded it (only that campus then sees it). */
export const importFile = pgTable(
  'import_file',
  {
    id_import_file: serial('id_import_file').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus'),
    id_user: integer('id_user').notNull(),
    /** Relative to DATA_DIR/files, a server-made name. */
    storedPath: text('stored_path').notNull(),
    originalName: text('original_name').notNull(),
    kind: text('kind').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('import_file_kind', sql`${t.kind} IN ('csv', 'xlsx')`),
    check('import_file_size', sql`${t.size} >= 0`),
    foreignKey({
      name: 'import_file_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }).onDelete('cascade'),
    index('import_file_school_idx').on(t.id_school, t.createdAt),
    unique('import_file_school_id').on(t.id_school, t.id_import_file),
  ],
);

/** A named mapping of the school: its columns (header text to field) and value maps (their text to our ids). */
export const importMapping = pgTable(
  'import_mapping',
  {
    id_import_mapping: serial('id_import_mapping').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    name: text('name').notNull(),
    columns: jsonb('columns').$type<Record<string, string>>().notNull(),
    values: jsonb('values').$type<Record<string, Record<string, number>>>().notNull(),
    id_user: integer('id_user').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('import_mapping_school_name').on(t.id_school, t.name),
    unique('import_mapping_school_id').on(t.id_school, t.id_import_mapping),
  ],
);
