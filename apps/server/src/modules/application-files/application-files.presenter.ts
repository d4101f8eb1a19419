import { translate } from '@openseat/shared/messages';
import type { ApplicationFile } from '@openseat/shared/schemas/application-records';
import type { FileRecord } from './application-files.repository';

/** What leaves the server about a file: never where it is stored. */
export const presentFile = (f: FileRecord, lng: string): ApplicationFile => ({
  id_application_file: f.id_application_file,
  id_application: f.id_application,
  originalName: f.originalName,
  mimeType: f.mimeType,
  size: f.size,
  author: { id_user: f.id_user, name: f.authorName ?? translate('unknownAuthor', lng) },
  createdAt: f.createdAt.toISOString(),
});

/** A Content-Disposition that carries any name safely: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeader(originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`;
}
