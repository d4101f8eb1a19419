import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import {
  EmailTemplateRequestSchema,
  TextMessageTemplateRequestSchema,
  refineBoundMove,
  type CampusEmailRow,
  type CampusTextMessageRow,
  type EmailTemplateRequest,
  type TextMessageTemplateRequest,
} from '@openseat/shared/schemas/communication';
import { FAMILY_LANGUAGES, type FamilyLanguage } from '@openseat/shared/schemas/family';
import type { TemplateKind } from './api/templates';

/** The template dialog's fields, one shape for both kinds (an SMS has no subject or HTML). */
export type TemplateValues = {
  name: string;
  id_type: number;
  /** A family language: the templates are what families receive. */
  lng: FamilyLanguage;
  id_status_from: number | null;
  id_status_to: number | null;
  subject: string;
  text: string;
  html: string;
};
export type TemplateRow = CampusEmailRow | CampusTextMessageRow;
export type TemplateBody = EmailTemplateRequest | TextMessageTemplateRequest;
/** The fields a merge field can be put into. */
export type TextFieldName = 'subject' | 'text' | 'html';

/** A stored language as one of the family languages (English otherwise). */
export const familyLanguage = (lng: string): FamilyLanguage =>
  (FAMILY_LANGUAGES as readonly string[]).includes(lng) ? (lng as FamilyLanguage) : 'en';

const isStatusChange = (id_type: number) => id_type === MESSAGE_TYPE.STATUS_CHANGE;

/** The values of a template being edited, or of a new one (a status change template in English). */
export function templateValues(kind: TemplateKind, row: TemplateRow | null): TemplateValues {
  const empty: TemplateValues = {
    name: '',
    id_type: MESSAGE_TYPE.STATUS_CHANGE,
    lng: 'en',
    id_status_from: null,
    id_status_to: null,
    subject: '',
    text: '',
    html: '',
  };
  if (!row) return empty;
  const binding = { id_status_from: row.id_status_from, id_status_to: row.id_status_to };
  if (kind === 'email') {
    const e = (row as CampusEmailRow).email;
    return {
      ...binding,
      name: e.name,
      id_type: e.id_email_type,
      lng: familyLanguage(e.lng),
      subject: e.subject,
      text: e.text ?? '',
      html: e.html ?? '',
    };
  }
  const m = (row as CampusTextMessageRow).text_message;
  return {
    ...empty,
    ...binding,
    name: m.name,
    id_type: m.id_text_message_type,
    lng: familyLanguage(m.lng),
    text: m.text,
  };
}

/** The id the save goes to (none: a new template). */
export const templateId = (kind: TemplateKind, row: TemplateRow | null) =>
  row
    ? kind === 'email'
      ? (row as CampusEmailRow).id_campus_email
      : (row as CampusTextMessageRow).id_campus_text_message
    : undefined;

/** Only a status change template is bound to a move; the others send none. */
const common = (id_campus: number, v: TemplateValues) => ({
  id_campus,
  name: v.name,
  lng: v.lng,
  text: v.text,
  ...(isStatusChange(v.id_type)
    ? { id_status_from: v.id_status_from, id_status_to: v.id_status_to }
    : { id_status_from: null, id_status_to: null }),
});

const raw = z.custom<TemplateValues>();

/**
 * The request the server validates, built from the fields, with the shared bound-move rule (a status change
 * template needs `to`; from and to differ) checked before the round trip. Errors stand on the request's paths
 * (`id_email_type` / `id_text_message_type` for the type).
 */
export function templateResolver(
  kind: TemplateKind,
  id_campus: number,
  row: TemplateRow | null,
): Resolver<TemplateValues, unknown, TemplateBody> {
  if (kind === 'email') {
    const id_template = row ? ((row as CampusEmailRow).email.id_template ?? null) : null;
    return zodResolver(
      raw
        .transform((v): z.input<typeof EmailTemplateRequestSchema> => ({
          ...common(id_campus, v),
          subject: v.subject,
          html: v.html,
          id_email_type: v.id_type,
          id_template,
        }))
        .pipe(EmailTemplateRequestSchema.superRefine(refineBoundMove((b) => isStatusChange(b.id_email_type)))),
    );
  }
  return zodResolver(
    raw
      .transform((v): z.input<typeof TextMessageTemplateRequestSchema> => ({
        ...common(id_campus, v),
        id_text_message_type: v.id_type,
      }))
      .pipe(
        TextMessageTemplateRequestSchema.superRefine(refineBoundMove((b) => isStatusChange(b.id_text_message_type))),
      ),
  );
}
