import type { Readable } from 'node:stream';
import type { DocumentUploadStart } from '@openseat/shared/schemas/registration';
import type { Db } from '../../db/client';
import * as documents from '../registration/document.service';
import type { Contact } from './family.contact';
import { openApplication } from './family.registration';

/*
 * Documents of the registration packet in the portal (docs/registration.md): the guardian's own application only,
 * while its registration is open; the registration module checks, stores and keeps the file.
 */

/** `POST /family/applications/:id/registration/documents/:id_registration_item/uploads`. */
export async function startDocumentUpload(
  db: Db,
  dataDir: string,
  contact: Contact,
  id: number,
  id_registration_item: number,
  input: DocumentUploadStart,
) {
  return documents.startUpload(db, dataDir, await openApplication(db, contact, id), id_registration_item, input);
}

/** `GET /family/applications/:id/registration/uploads/:id_upload`. */
export async function documentUploadState(db: Db, dataDir: string, contact: Contact, id: number, id_upload: string) {
  return documents.uploadState(db, dataDir, await openApplication(db, contact, id), id_upload);
}

/** `PUT /family/applications/:id/registration/uploads/:id_upload`: one chunk. */
export async function sendDocumentChunk(
  db: Db,
  dataDir: string,
  contact: Contact,
  id: number,
  id_upload: string,
  chunk: { type: string | undefined; range: string | undefined; body: Readable },
) {
  return documents.receiveChunk(db, dataDir, await openApplication(db, contact, id), id_upload, chunk);
}

/** `GET /family/applications/:id/registration/documents/:id_registration_item`: the family's own file. */
export async function openDocument(
  db: Db,
  dataDir: string,
  contact: Contact,
  id: number,
  id_registration_item: number,
) {
  return documents.openFamilyDocument(db, dataDir, await openApplication(db, contact, id), id_registration_item);
}
