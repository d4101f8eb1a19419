import type { FamilyLanguage } from '@openseat/shared/schemas/family';
import type { MessageDraft } from '../communication/outbox.service';

/** A stored message as the outbox keeps it (the fields a copy carries over). */
export type StoredMessage = {
  id_school: number;
  id_campus: number | null;
  id_application: number | null;
  channel: string;
  id_message_type: number;
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  lng: string;
  id_campus_email: number | null;
  id_campus_text_message: number | null;
  id_reminder: number | null;
  bulk: boolean;
};

/** The same message again (same recipient, subject and body), queued by `id_user` as a new message. */
export const copyOfMessage = (m: StoredMessage, id_user: number, key?: string): MessageDraft => ({
  id_school: m.id_school,
  id_campus: m.id_campus,
  id_application: m.id_application,
  channel: m.channel as MessageDraft['channel'],
  id_message_type: m.id_message_type as MessageDraft['id_message_type'],
  recipient: m.recipient,
  subject: m.subject,
  body: m.body,
  html: m.html,
  lng: m.lng as FamilyLanguage,
  id_campus_email: m.id_campus_email,
  id_campus_text_message: m.id_campus_text_message,
  id_reminder: m.id_reminder,
  id_user,
  bulk: m.bulk,
  ...(key === undefined ? {} : { key }),
});
