import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';

export type FileRecord = {
  id_application_file: number;
  id_application: number;
  id_school: number;
  id_campus: number;
  storedPath: string;
  originalName: string;
  mimeType: string;
  size: number;
  id_user: number | null;
  authorName: string | null;
  createdAt: Date;
};

const fileColumns = {
  id_application_file: s.applicationFile.id_application_file,
  id_application: s.applicationFile.id_application,
  id_school: s.applicationFile.id_school,
  id_campus: s.application.id_campus,
  storedPath: s.applicationFile.storedPath,
  originalName: s.applicationFile.originalName,
  mimeType: s.applicationFile.mimeType,
  size: s.applicationFile.size,
  id_user: s.applicationFile.id_user,
  authorName: s.user.name,
  createdAt: s.applicationFile.createdAt,
};

const selectFiles = (db: Executor) =>
  db
    .select(fileColumns)
    .from(s.applicationFile)
    .innerJoin(
      s.application,
      and(
        eq(s.application.id_application, s.applicationFile.id_application),
        eq(s.application.id_school, s.applicationFile.id_school),
      ),
    )
    .leftJoin(s.user, eq(s.user.id_user, s.applicationFile.id_user));

/** A file of an application the scope may see (its campus in scope, the application not deleted). */
export async function findFile(db: Executor, scope: Scope, id_application_file: number, lock = false) {
  const query = selectFiles(db).where(
    and(
      eq(s.applicationFile.id_application_file, id_application_file),
      isNull(s.application.deletedAt),
      inCampus(scope, s.application.id_school, s.application.id_campus),
    ),
  );
  const rows: FileRecord[] = lock ? await query.for('update', { of: s.applicationFile }) : await query;
  return rows[0];
}

/** The files of one application (already checked against the scope by the caller), newest first. */
export async function listFiles(db: Executor, id_application: number): Promise<FileRecord[]> {
  return selectFiles(db)
    .where(eq(s.applicationFile.id_application, id_application))
    .orderBy(desc(s.applicationFile.createdAt), desc(s.applicationFile.id_application_file));
}

export async function insertFile(db: Executor, values: typeof s.applicationFile.$inferInsert) {
  const [row] = await db
    .insert(s.applicationFile)
    .values(values)
    .returning({ id: s.applicationFile.id_application_file });
  return row.id;
}

export async function deleteFile(db: Executor, id_application_file: number) {
  await db.delete(s.applicationFile).where(eq(s.applicationFile.id_application_file, id_application_file));
}
