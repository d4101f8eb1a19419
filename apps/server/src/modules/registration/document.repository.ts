import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';

/*
 * Registration documents: uploads under way and the files kept as responses. The caller has found the application
 * in its reach (the guardian's own, a staff member's scope) before any of these run; each call names it.
 */

const upload = s.registrationUpload;
const document = s.registrationDocument;
const response = s.registrationResponse;
export type UploadRow = typeof upload.$inferSelect;
export type DocumentRow = typeof document.$inferSelect;

/** Opens an upload; answers the ids of the application's earlier uploads for the item (the caller removes them). */
export async function replaceUpload(db: Executor, row: typeof upload.$inferInsert): Promise<string[]> {
  const earlier = await db
    .delete(upload)
    .where(
      and(eq(upload.id_application, row.id_application), eq(upload.id_registration_item, row.id_registration_item)),
    )
    .returning({ id_upload: upload.id_upload });
  await db.insert(upload).values(row);
  return earlier.map((r) => r.id_upload);
}

/** The application's upload with this id, or undefined. */
export async function findUpload(db: Executor, id_application: number, id_upload: string, lock = false) {
  const query = db
    .select()
    .from(upload)
    .where(and(eq(upload.id_upload, id_upload), eq(upload.id_application, id_application)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export const deleteUpload = (db: Executor, id_upload: string) =>
  db.delete(upload).where(eq(upload.id_upload, id_upload));

/** Every document the application's family sent (one per item version). */
export const documentsOf = (db: Executor, id_application: number): Promise<DocumentRow[]> =>
  db.select().from(document).where(eq(document.id_application, id_application));

/** The document sent for this item version, or undefined. */
export async function findDocument(db: Executor, id_application: number, id_registration_item: number) {
  const [row] = await db
    .select()
    .from(document)
    .where(and(eq(document.id_application, id_application), eq(document.id_registration_item, id_registration_item)));
  return row;
}

/**
 * The document kept as the item's response, waiting for staff (any earlier return cleared). Answers the stored path
 * of the file it replaced, if any, for removal once committed.
 */
export async function submitDocument(
  db: Executor,
  row: Omit<typeof document.$inferInsert, 'uploadedAt'>,
  now: Date,
): Promise<string | null> {
  const before = await findDocument(db, row.id_application, row.id_registration_item);
  await db
    .insert(document)
    .values({ ...row, uploadedAt: now })
    .onConflictDoUpdate({
      target: [document.id_application, document.id_registration_item],
      set: {
        storedPath: row.storedPath,
        originalName: row.originalName,
        mimeType: row.mimeType,
        size: row.size,
        uploadedAt: now,
      },
    });
  const key = { id_school: row.id_school, id_application: row.id_application };
  await db
    .insert(response)
    .values({ ...key, id_registration_item: row.id_registration_item, state: 'submitted', submittedAt: now })
    .onConflictDoUpdate({
      target: [response.id_application, response.id_registration_item],
      set: { answers: null, state: 'submitted', submittedAt: now, returnedReason: null, reviewedAt: null },
    });
  return before && before.storedPath !== row.storedPath ? before.storedPath : null;
}
