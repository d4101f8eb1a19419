import type { Db } from '../../db/client';
import { requireApplication } from '../applications/application-ref.service';
import { auditRead, writeAudit } from '../audit/audit.service';
import { notFound } from '../../lib/errors';
import { removeStoredFile, withStoredImage, type UploadForm } from '../../lib/form-upload';
import { openStoredFile } from '../../lib/uploads';
import type { Principal } from '../auth/auth.types';
import * as repo from './application-files.repository';
import { readFileUpload } from './application-files.upload';

/**
 * Stores the checked file under the data directory (outside the web root, under a random name), then records it.
 * If the record fails the stored file is removed again.
 */
export async function uploadFile(db: Db, dataDir: string, caller: Principal, form: UploadForm) {
  const { id_application, file } = await readFileUpload(form);
  await requireApplication(db, caller.scope, id_application);
  const folder = 'applications';
  const stored = { buffer: file.buffer, ext: file.ext, field: 'file' };
  return withStoredImage(dataDir, folder, stored, async (storedPath) => {
    const result = await db.transaction(async (tx) => {
      const application = await requireApplication(tx, caller.scope, id_application);
      const id_application_file = await repo.insertFile(tx, {
        id_school: application.id_school,
        id_application: application.id_application,
        storedPath: storedPath!,
        originalName: file.originalName,
        mimeType: file.mime,
        size: file.buffer.length,
        id_user: caller.id_user,
      });
      await writeAudit(tx, caller, {
        action: 'application.file.upload',
        entity: 'application',
        entityId: application.id_application,
        id_school: application.id_school,
        id_campus: application.id_campus,
        changes: { id_application_file, mimeType: file.mime, size: file.buffer.length },
      });
      return (await repo.findFile(tx, caller.scope, id_application_file))!;
    });
    return { result, replaced: null };
  });
}

export async function listFiles(db: Db, caller: Principal, id_application: number) {
  const application = await requireApplication(db, caller.scope, id_application);
  return repo.listFiles(db, application.id_application);
}

/** Opens a file for download; every download is in the audit log and the record's readers (a child's document was read). */
export async function openFile(db: Db, dataDir: string, caller: Principal, id_application_file: number) {
  const file = await repo.findFile(db, caller.scope, id_application_file);
  if (!file) throw notFound();
  const stream = await openStoredFile(dataDir, file.storedPath);
  const record = { id_school: file.id_school, id_campus: file.id_campus, id_application: file.id_application };
  await auditRead(
    db,
    caller,
    {
      action: 'application.file.download',
      entity: 'application',
      entityId: file.id_application,
      ...record,
      changes: { id_application_file },
    },
    'download',
    record,
    file.originalName,
  );
  return { file, stream };
}

/** The row goes in the transaction; the stored file once it has committed (a rollback keeps both). */
export async function deleteFile(db: Db, dataDir: string, caller: Principal, id_application_file: number) {
  const removed = await db.transaction(async (tx) => {
    const file = await repo.findFile(tx, caller.scope, id_application_file, true);
    if (!file) throw notFound();
    await repo.deleteFile(tx, id_application_file);
    await writeAudit(tx, caller, {
      action: 'application.file.delete',
      entity: 'application',
      entityId: file.id_application,
      id_school: file.id_school,
      id_campus: file.id_campus,
      changes: { id_application_file, originalName: file.originalName },
    });
    return file;
  });
  await removeStoredFile(dataDir, removed.storedPath);
}
