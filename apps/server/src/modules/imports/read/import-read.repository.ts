import { and, asc, eq, lt, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import * as s from '../../../db/schema/index';
import { inCampus, inSchool, type Scope } from '../../../lib/scope';

/*
 * The import's files and mappings (db/schema/import-files.ts). A file is seen within the caller's scope: a school user
 * sees the school's files, a campus user only its campus's (a file uploaded school-wide has no campus and is not
 * theirs). Mappings are the school's.
 */

const fileColumns = {
  id_import_file: s.importFile.id_import_file,
  id_school: s.importFile.id_school,
  id_campus: s.importFile.id_campus,
  id_user: s.importFile.id_user,
  storedPath: s.importFile.storedPath,
  originalName: s.importFile.originalName,
  kind: s.importFile.kind,
  size: s.importFile.size,
  createdAt: s.importFile.createdAt,
};
export type ImportFileRecord = {
  id_import_file: number;
  id_school: number;
  id_campus: number | null;
  id_user: number;
  storedPath: string;
  originalName: string;
  kind: string;
  size: number;
  createdAt: Date;
};

export async function insertFile(db: Executor, values: typeof s.importFile.$inferInsert): Promise<ImportFileRecord> {
  const [row] = await db.insert(s.importFile).values(values).returning(fileColumns);
  return row;
}

/** Removes the import files uploaded before `before` (every school): answers where they were stored. */
export async function deleteFilesBefore(db: Executor, before: Date): Promise<string[]> {
  const removed = await db
    .delete(s.importFile)
    .where(lt(s.importFile.createdAt, before))
    .returning({ storedPath: s.importFile.storedPath });
  return removed.map((r) => r.storedPath);
}

export async function findFile(db: Executor, scope: Scope, id_school: number, id_import_file: number) {
  const f = s.importFile;
  const [row] = await db
    .select(fileColumns)
    .from(f)
    .where(
      and(eq(f.id_import_file, id_import_file), eq(f.id_school, id_school), inCampus(scope, f.id_school, f.id_campus)),
    );
  return row as ImportFileRecord | undefined;
}

/** The school's campuses the caller may import into (a campus user: its own). */
export async function campusesInScope(db: Executor, scope: Scope, id_school: number) {
  const c = s.campus;
  return db
    .select({ id_campus: c.id_campus, name: c.name })
    .from(c)
    .where(and(eq(c.id_school, id_school), inCampus(scope, c.id_school, c.id_campus)))
    .orderBy(asc(c.name), asc(c.id_campus));
}

/** Every grade of the catalog ("PK", "K", "1".."12"), and the labels the school's campuses show for them. */
export async function gradesOf(db: Executor, id_school: number) {
  const catalog = await db
    .select({ id_grade: s.grade.id_grade, name: s.grade.name })
    .from(s.grade)
    .orderBy(asc(s.grade.position));
  const labels = await db
    .selectDistinct({ id_grade: s.campusGrade.id_grade, label: s.campusGrade.optionLabel })
    .from(s.campusGrade)
    .where(eq(s.campusGrade.id_school, id_school));
  return { catalog, labels: labels.flatMap((l) => (l.label ? [{ id_grade: l.id_grade, label: l.label }] : [])) };
}

/** The catalog's priority items (sibling, staff child...): their ids and names. */
export async function priorityItems(db: Executor) {
  return db.select({ id: s.priorityItem.id_priority_item, name: s.priorityItem.name }).from(s.priorityItem);
}

const mappingColumns = {
  id_import_mapping: s.importMapping.id_import_mapping,
  name: s.importMapping.name,
  columns: s.importMapping.columns,
  values: s.importMapping.values,
  updatedAt: s.importMapping.updatedAt,
};
export type ImportMappingRecord = {
  id_import_mapping: number;
  name: string;
  columns: Record<string, string>;
  values: Record<string, Record<string, number>>;
  updatedAt: Date;
};

/** `id_school` is the caller's school: a system user who chose a school works in that one only. */
const ofSchool = (scope: Scope, id_school: number) =>
  and(eq(s.importMapping.id_school, id_school), inSchool(scope, s.importMapping.id_school)) as SQL;

export async function listMappings(db: Executor, scope: Scope, id_school: number): Promise<ImportMappingRecord[]> {
  const m = s.importMapping;
  return db
    .select(mappingColumns)
    .from(m)
    .where(ofSchool(scope, id_school))
    .orderBy(asc(m.name), asc(m.id_import_mapping));
}

export async function findMapping(db: Executor, scope: Scope, id_school: number, id_import_mapping: number) {
  const m = s.importMapping;
  const [row] = await db
    .select(mappingColumns)
    .from(m)
    .where(and(eq(m.id_import_mapping, id_import_mapping), ofSchool(scope, id_school)));
  return row as ImportMappingRecord | undefined;
}

export async function mappingNameTaken(db: Executor, id_school: number, name: string, except?: number) {
  const m = s.importMapping;
  const conditions: SQL[] = [eq(m.id_school, id_school), eq(m.name, name)];
  if (except !== undefined) conditions.push(ne(m.id_import_mapping, except));
  return (
    (
      await db
        .select({ id: m.id_import_mapping })
        .from(m)
        .where(and(...conditions))
    ).length > 0
  );
}

export async function insertMapping(db: Executor, values: typeof s.importMapping.$inferInsert) {
  const [row] = await db.insert(s.importMapping).values(values).returning(mappingColumns);
  return row as ImportMappingRecord;
}

export async function updateMapping(
  db: Executor,
  scope: Scope,
  id_school: number,
  id_import_mapping: number,
  values: Pick<typeof s.importMapping.$inferInsert, 'name' | 'columns' | 'values' | 'id_user'>,
) {
  const m = s.importMapping;
  const [row] = await db
    .update(m)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(m.id_import_mapping, id_import_mapping), ofSchool(scope, id_school)))
    .returning(mappingColumns);
  return row as ImportMappingRecord | undefined;
}

export async function deleteMapping(db: Executor, scope: Scope, id_school: number, id_import_mapping: number) {
  const m = s.importMapping;
  const rows = await db
    .delete(m)
    .where(and(eq(m.id_import_mapping, id_import_mapping), ofSchool(scope, id_school)))
    .returning({ id: m.id_import_mapping });
  return rows.length > 0;
}
