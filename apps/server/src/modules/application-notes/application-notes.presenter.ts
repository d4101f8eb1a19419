import { translate } from '@openseat/shared/messages';
import type { ApplicationNote } from '@openseat/shared/schemas/application-records';
import type { NoteRecord } from './application-notes.repository';

/** A note as the detail screen shows it: the author's name, or 'Unknown' when the account is gone. */
export const presentNote = (n: NoteRecord, lng: string): ApplicationNote => ({
  id_application_note: n.id_application_note,
  id_application: n.id_application,
  note: n.note,
  author: { id_user: n.id_user, name: n.authorName ?? translate('unknownAuthor', lng) },
  createdAt: n.createdAt.toISOString(),
});
