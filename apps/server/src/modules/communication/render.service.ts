import { renderTemplate } from '@openseat/shared/communication';
import type { Recipient } from './recipients.service';

/** Merge values of a recipient: the application's fields, and its latest form answers by question (is_form). */
const valuesOf = (recipient: Recipient) => ({ ...recipient.formAnswers, ...recipient.values });

export type EmailContent = { subject: string | null; text: string; html: string | null };

/** A template's subject and bodies filled in for one application (HTML values escaped, missing ones empty). */
export function renderEmail(template: EmailContent, recipient: Recipient) {
  const values = valuesOf(recipient);
  return {
    subject: template.subject === null ? null : renderTemplate(template.subject, values),
    body: renderTemplate(template.text, values),
    html: template.html === null ? null : renderTemplate(template.html, values, { html: true }),
  };
}

export const renderSms = (text: string, recipient: Recipient) => renderTemplate(text, valuesOf(recipient));
