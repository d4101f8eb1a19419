import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DOCUMENT_CHUNK_MAX,
  type DocumentType,
  type DocumentUpload,
  type DocumentUploadStart,
} from '@openseat/shared/schemas/registration';
import type { Db, Executor } from '../../db/client';
import { AppError, badRequest, conflict, notFound, payloadTooLarge } from '../../lib/errors';
import { openStoredFile, storedFilePath } from '../../lib/uploads';
import type { Principal } from '../auth/auth.types';
import { writeAudit } from '../audit/audit.service';
import { checkDocument } from './document.check';
import * as repo from './document.repository';
import { latestResponse } from './packet.chain';
import * as packets from './packet.repository';
import type { PacketApplication } from './packet.service';
import * as reviews from './review.repository';

/*
 * Documents in the registration packet (docs/registration.md). An upload is resumable: the portal opens it with the
 * file's size, then sends the bytes in chunks (`PUT` with `Content-Range: bytes start-end/size`), each streamed to
 * a part file on disk (memory stays flat whatever the size). The part file's length is what the server holds: after
 * a dropped connection the portal asks, and sends from there. With the last byte the file is checked
 * (document.check.ts) and kept as the item's response, waiting for staff. The family module has found the
 * application as the guardian's own, with its registration open, before calling here.
 */

const MB = 1024 * 1024;
const PARTS = 'registration-uploads';
const partPath = (dataDir: string, id_upload: string) => storedFilePath(dataDir, path.join(PARTS, `${id_upload}.part`));

/** Uploads receiving a chunk in this process: a second chunk at once would interleave its bytes. */
const receiving = new Set<string>();

const approved = () => new AppError('CONFLICT', 'registrationItemApproved');

type DocumentItem = { id_registration_item: number; types: DocumentType[]; maxMb: number };

/** The item in force of the application's period, a document; 404 otherwise. */
async function documentItem(db: Executor, app: PacketApplication, id_registration_item: number) {
  if (app.id_campus_year === null) throw notFound();
  const item = await packets.activeItem(db, app.id_campus_year, id_registration_item);
  if (!item || item.kind !== 'document') throw notFound();
  const settings = item.settings as { types: DocumentType[]; maxMb: number };
  return { id_registration_item, types: settings.types, maxMb: settings.maxMb } satisfies DocumentItem;
}

async function receivedOf(dataDir: string, id_upload: string) {
  try {
    return (await fs.stat(partPath(dataDir, id_upload))).size;
  } catch {
    return 0;
  }
}

/** `POST …/documents/:id_registration_item/uploads`: a new upload of `size` bytes (an earlier unfinished one ends). */
export async function startUpload(
  db: Db,
  dataDir: string,
  app: PacketApplication,
  id_registration_item: number,
  input: DocumentUploadStart,
): Promise<DocumentUpload> {
  const id_upload = randomBytes(16).toString('hex');
  const earlier = await db.transaction(async (tx) => {
    const item = await documentItem(tx, app, id_registration_item);
    if (input.size > item.maxMb * MB) throw payloadTooLarge('registrationDocumentTooBig');
    const existing = await packets.lockedResponse(tx, app.id_application, id_registration_item);
    if (existing?.state === 'approved') throw approved();
    return repo.replaceUpload(tx, {
      id_upload,
      id_school: app.id_school,
      id_application: app.id_application,
      id_registration_item,
      originalName: input.name,
      size: input.size,
    });
  });
  await fs.mkdir(path.dirname(partPath(dataDir, id_upload)), { recursive: true });
  await fs.writeFile(partPath(dataDir, id_upload), '', { mode: 0o600 });
  await Promise.all(earlier.map((id) => fs.rm(partPath(dataDir, id), { force: true })));
  return { id_upload, size: input.size, received: 0, receiving: false, done: false };
}

async function requireUpload(db: Executor, app: PacketApplication, id_upload: string) {
  const upload = await repo.findUpload(db, app.id_application, id_upload);
  if (!upload) throw notFound();
  return upload;
}

/** `GET …/uploads/:id_upload`: how many bytes the server holds, where the next chunk starts. */
export async function uploadState(db: Db, dataDir: string, app: PacketApplication, id_upload: string) {
  const upload = await requireUpload(db, app, id_upload);
  const received = await receivedOf(dataDir, id_upload);
  return { id_upload, size: upload.size, received, receiving: receiving.has(id_upload), done: false };
}

const RANGE = /^bytes (\d{1,10})-(\d{1,10})\/(\d{1,10})$/;

/** `Content-Range: bytes start-end/size` of a chunk: 400 unless it names this upload's size and a sane span. */
function rangeOf(header: string | undefined, size: number) {
  const match = RANGE.exec(header ?? '');
  const invalid = () => badRequest('invalidValue', [{ path: 'Content-Range', message: 'invalidValue' }]);
  if (!match) throw invalid();
  const [start, end, total] = match.slice(1).map(Number);
  if (total !== size || end < start || end >= size) throw invalid();
  if (end - start + 1 > DOCUMENT_CHUNK_MAX) throw payloadTooLarge('payloadTooLarge');
  return { start, length: end - start + 1 };
}

/**
 * Appends the body to the part file as it arrives, one piece at a time (memory stays flat). Every piece written stays
 * written: when the connection drops, the next chunk resumes after the last one. A body longer than its
 * Content-Range is refused (what came before the excess is kept).
 */
async function appendBody(file: string, body: Readable, limit: number) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.open(file, 'a');
  let seen = 0;
  try {
    for await (const piece of body as AsyncIterable<Buffer>) {
      seen += piece.length;
      if (seen > limit) throw badRequest('invalidValue', [{ path: 'Content-Range', message: 'invalidValue' }]);
      await handle.write(piece);
    }
  } catch (error) {
    // a connection cut short is the sender's: the bytes written stay, the answer (if any still goes) is 400
    throw error instanceof AppError ? error : badRequest('badRequest');
  } finally {
    await handle.close();
  }
}

/**
 * `PUT …/uploads/:id_upload`: one chunk, streamed to the end of the part file. It must start at the byte the server
 * holds (409 `registrationUploadOffset` otherwise: the portal asks where it stands). Bytes of a chunk cut short stay,
 * so the next attempt resumes after them. The last chunk completes the upload: the file is checked and kept.
 */
export async function receiveChunk(
  db: Db,
  dataDir: string,
  app: PacketApplication,
  id_upload: string,
  chunk: { type: string | undefined; range: string | undefined; body: Readable },
  now = new Date(),
): Promise<DocumentUpload> {
  const upload = await requireUpload(db, app, id_upload);
  if (chunk.type?.split(';')[0].trim().toLowerCase() !== 'application/octet-stream')
    throw badRequest('invalidValue', [{ path: 'Content-Type', message: 'invalidValue' }]);
  if (receiving.has(id_upload)) throw conflict('registrationUploadBusy');
  receiving.add(id_upload);
  try {
    const { start, length } = rangeOf(chunk.range, upload.size);
    if (start !== (await receivedOf(dataDir, id_upload))) throw conflict('registrationUploadOffset');
    await appendBody(partPath(dataDir, id_upload), chunk.body, length);
    const received = await receivedOf(dataDir, id_upload);
    if (received < upload.size) return { id_upload, size: upload.size, received, receiving: false, done: false };
    await completeUpload(db, dataDir, app, upload, now);
    return { id_upload, size: upload.size, received, receiving: false, done: true };
  } finally {
    receiving.delete(id_upload);
  }
}

/** Checks the whole file and keeps it as the item's response; a refused file ends the upload (its bytes go). */
async function completeUpload(db: Db, dataDir: string, app: PacketApplication, upload: repo.UploadRow, now: Date) {
  const part = partPath(dataDir, upload.id_upload);
  const dropUpload = async () => {
    await repo.deleteUpload(db, upload.id_upload);
    await fs.rm(part, { force: true });
  };
  let checked;
  try {
    const item = await documentItem(db, app, upload.id_registration_item);
    checked = await checkDocument(dataDir, part, item.types);
  } catch (error) {
    await dropUpload();
    throw error;
  }
  let replaced: string | null;
  try {
    replaced = await db.transaction(async (tx) => {
      await documentItem(tx, app, upload.id_registration_item);
      if (!(await repo.findUpload(tx, app.id_application, upload.id_upload, true))) throw notFound();
      const existing = await packets.lockedResponse(tx, app.id_application, upload.id_registration_item);
      if (existing?.state === 'approved') throw approved();
      const old = await repo.submitDocument(
        tx,
        {
          id_school: app.id_school,
          id_application: app.id_application,
          id_registration_item: upload.id_registration_item,
          storedPath: checked.storedPath,
          originalName: upload.originalName,
          mimeType: checked.mime,
          size: checked.size,
        },
        now,
      );
      await repo.deleteUpload(tx, upload.id_upload);
      return old;
    });
  } catch (error) {
    await fs.rm(storedFilePath(dataDir, checked.storedPath), { force: true });
    await dropUpload();
    throw error;
  }
  await fs.rm(part, { force: true });
  if (replaced) await fs.rm(storedFilePath(dataDir, replaced), { force: true });
}

/** The document the packet shows for the item in force (sent on it or on a version it replaced), or undefined. */
async function shownDocument(db: Executor, app: PacketApplication, id_registration_item: number) {
  if (app.id_campus_year === null) return undefined;
  const items = await packets.periodItems(db, app.id_campus_year);
  const item = items.find((i) => i.id_registration_item === id_registration_item && i.retiredAt === null);
  if (!item || item.kind !== 'document') return undefined;
  const response = latestResponse(items, await packets.responsesOf(db, app.id_application))(item);
  return response && repo.findDocument(db, app.id_application, response.id_registration_item);
}

async function openStored(dataDir: string, document: repo.DocumentRow) {
  return { document, stream: await openStoredFile(dataDir, document.storedPath) };
}

/** `GET /family/applications/:id/registration/documents/:id_registration_item`: the family's own file. */
export async function openFamilyDocument(
  db: Db,
  dataDir: string,
  app: PacketApplication,
  id_registration_item: number,
) {
  const document = await shownDocument(db, app, id_registration_item);
  if (!document) throw notFound();
  return openStored(dataDir, document);
}

/**
 * `GET /registration/applications/:id/items/:id_registration_item/document`: a staff member within the application's
 * campus reads the file; the read is in the audit log (a child's document).
 */
export async function openStaffDocument(
  db: Db,
  dataDir: string,
  caller: Principal,
  id: number,
  id_registration_item: number,
) {
  const app = await reviews.findApplication(db, caller.scope, id);
  if (!app) throw notFound();
  const document = await shownDocument(db, app, id_registration_item);
  if (!document) throw notFound();
  const opened = await openStored(dataDir, document);
  await writeAudit(db, caller, {
    action: 'registration.document.download',
    entity: 'application',
    entityId: id,
    id_school: app.id_school,
    changes: { id_registration_item: document.id_registration_item },
  });
  return opened;
}
