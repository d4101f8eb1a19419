import type { CampusEmailRow, CampusTextMessageRow } from '@openseat/shared/schemas/communication';
import type { EmailRecord, SmsRecord } from './templates.repository';

export const presentEmail = (r: EmailRecord): CampusEmailRow => ({
  id_campus_email: r.id_campus_email,
  id_campus: r.id_campus,
  id_status_from: r.id_status_from,
  id_status_to: r.id_status_to,
  email: {
    id_email: r.id_email,
    name: r.name,
    subject: r.subject,
    id_template: r.id_template,
    text: r.text,
    html: r.html,
    id_email_type: r.id_email_type,
    lng: r.lng,
    fields: r.fields,
  },
});

export const presentSms = (r: SmsRecord): CampusTextMessageRow => ({
  id_campus_text_message: r.id_campus_text_message,
  id_campus: r.id_campus,
  id_status_from: r.id_status_from,
  id_status_to: r.id_status_to,
  text_message: {
    id_text_message: r.id_text_message,
    id_text_message_type: r.id_text_message_type,
    name: r.name,
    text: r.text,
    lng: r.lng,
    fields: r.fields,
  },
});
