import { PORTAL_LINK_PLACEHOLDER } from '@openseat/shared/communication';
import { FAMILY_LANGUAGES, type FamilyLanguage } from '@openseat/shared/schemas/family';
import { familyDateTime } from '@openseat/shared/zoned-time';
import type { Executor } from '../../db/client';
import { findRecipientRows, type RecipientRow } from './recipients.repository';

/**
 * Who a message about an application goes to, and the values its merge fields take. One query for any number of
 * applications (a bulk move, a reminder run), so queuing stays one round trip per transaction.
 */
export type Recipient = {
  id_application: number;
  id_school: number;
  id_campus: number;
  id_campus_year: number | null;
  id_status: number;
  email: string | null;
  phone: string | null;
  /** The family's language: the one the guardian chose in the portal, else the application's, else English. */
  lng: FamilyLanguage;
  /** The campus's phone number: SMS are sent from it. */
  campusPhone: string | null;
  /** Merge field name -> value (the field-option catalog, spec `fields`). Missing values are null. */
  values: Record<string, string | null>;
  /** Form answers by question, for fields marked is_form. */
  formAnswers: Record<string, string>;
  /** The offer's deadline and the campus's zone, written into `values` in the message's language. */
  deadline: { instant: Date; timeZone: string } | null;
};

/** The recipients of these live applications (deleted ones have none), in no particular order. */
export async function recipientsOf(db: Executor, ids: readonly number[]): Promise<Map<number, Recipient>> {
  if (ids.length === 0) return new Map();
  const rows = await findRecipientRows(db, ids);
  return new Map(rows.map((row) => [row.id_application, recipientOf(row)]));
}

/**
 * The recipient's values as a message in `lng` writes them (a template in another language than the family's, the
 * English one when none is in theirs): the deadline reads in the message's language, not the family's.
 */
export function writtenIn(recipient: Recipient, lng: string): Recipient {
  const language = familyLanguage(lng) ?? 'en';
  if (language === recipient.lng) return recipient;
  return { ...recipient, lng: language, values: { ...recipient.values, ...datesIn(recipient.deadline, language) } };
}

const datesIn = (deadline: Recipient['deadline'], lng: FamilyLanguage) => ({
  // the day, the time and the zone, in the message's language: "December 2, 2026 at 5:00 PM MST"
  acceptance_deadline: deadline ? familyDateTime(deadline.instant, deadline.timeZone, lng) : null,
});

function recipientOf(row: RecipientRow): Recipient {
  const lng = familyLanguage(row.preferred_language) ?? familyLanguage(row.guardian_language) ?? 'en';
  const deadline = row.offer_expires_at ? { instant: new Date(row.offer_expires_at), timeZone: row.time_zone } : null;
  return {
    id_application: row.id_application,
    id_school: row.id_school,
    id_campus: row.id_campus,
    id_campus_year: row.id_campus_year,
    id_status: row.id_status,
    email: present(row.guardian_email) ?? present(row.applicant_email),
    phone: present(row.guardian_phone) ?? present(row.applicant_phone),
    lng,
    campusPhone: present(row.campus_phone),
    values: {
      applicant_first_name: row.first_name,
      applicant_last_name: row.last_name,
      guardian_name: present(row.guardian_name),
      campus_name: row.campus_name,
      school_name: row.school_name,
      campus_phone: present(row.contact_phone),
      campus_email: present(row.contact_email),
      grade: row.grade,
      school_year: row.school_year,
      form_url: present(row.form_url),
      ...datesIn(deadline, lng),
      // filled in as the message is sent (communication/outbox.jobs.ts): the outbox never holds a sign-in
      portal_link: PORTAL_LINK_PLACEHOLDER,
    },
    formAnswers: Object.fromEntries((row.answers ?? []).map((a) => [a.question, a.answer])),
    deadline,
  };
}

const familyLanguage = (value: string | null): FamilyLanguage | null =>
  (FAMILY_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as FamilyLanguage) : null;

const present = (value: string | null) => (value && value.trim() ? value.trim() : null);
