import type {
  FamilySmsConsentChange,
  FamilySmsConsentEntry,
  FamilySmsConsentSchool,
} from '@openseat/shared/schemas/sms-consent';
import type { Db, Executor } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { writeAudits } from '../audit/audit.service';
import { recipientsOf } from '../communication/recipients.service';
import { recordSmsConsent, smsConsentOf } from '../communication/sms-consent.service';
import { addressKey } from '../communication/outbox.service';
import { maskedContact, type Contact } from './family.contact';
import * as repo from './family.repository';

/*
 * The family's own consent to texts in the portal (docs/privacy.md, "Messaging consent"). Consent is kept per school
 * and phone (communication/sms-consent.service.ts); the phones a guardian answers for are the ones the school's texts
 * about their live applications go to (the guardian's phone on the application, else the applicant's: the outbox's
 * recipient), whether they signed in with an e-mail or a phone. The portal never shows a phone in full.
 */

/** A family sees this many changes per school, newest first. */
const HISTORY_ROWS = 50;

type TextedSchool = {
  id_school: number;
  school: string;
  /** E.164 address -> the newest application of the guardian's texted at it. */
  phones: Map<string, { id_application: number; id_campus: number }>;
};

/** The schools of the guardian's live applications and the phones their texts go to, newest application first. */
async function textedSchools(db: Executor, contact: Contact): Promise<TextedSchool[]> {
  const applications = await repo.guardianApplications(db, contact);
  const recipients = await recipientsOf(
    db,
    applications.map((a) => a.id_application),
  );
  const schools = new Map<number, TextedSchool>();
  for (const application of applications) {
    const recipient = recipients.get(application.id_application);
    if (!recipient) continue;
    let school = schools.get(recipient.id_school);
    if (!school) {
      const name = recipient.values.school_name ?? '';
      schools.set(recipient.id_school, (school = { id_school: recipient.id_school, school: name, phones: new Map() }));
    }
    if (!recipient.phone) continue;
    const address = addressKey('sms', recipient.phone);
    if (!school.phones.has(address))
      school.phones.set(address, { id_application: recipient.id_application, id_campus: recipient.id_campus });
  }
  return [...schools.values()];
}

const masked = (address: string) => maskedContact({ kind: 'phone', key: address });

async function presentSchool(db: Executor, school: TextedSchool): Promise<FamilySmsConsentSchool> {
  const phones = [...school.phones.keys()];
  const consents = await Promise.all(phones.map((phone) => smsConsentOf(db, school.id_school, phone)));
  const history = consents
    .flatMap((consent) =>
      consent.history.map((row): FamilySmsConsentEntry => ({
        phone: masked(consent.phone),
        granted: row.granted,
        source: row.source as FamilySmsConsentEntry['source'],
        at: new Date(row.at).toISOString(),
      })),
    )
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, HISTORY_ROWS);
  return {
    id_school: school.id_school,
    school: school.school,
    phones: phones.map(masked),
    granted: consents.length > 0 && consents.every((consent) => consent.granted),
    history,
  };
}

/** `GET /family/sms-consent`: per school of the guardian's, the phones texted, whether texts may go, the history. */
export async function familySmsConsent(db: Executor, contact: Contact): Promise<FamilySmsConsentSchool[]> {
  const schools = await textedSchools(db, contact);
  const presented: FamilySmsConsentSchool[] = [];
  for (const school of schools) presented.push(await presentSchool(db, school));
  return presented;
}

/**
 * `PUT /family/sms-consent`: the guardian says yes or no to texts for the phones of their applications at one school
 * (or every school of theirs), source 'portal', in effect for the next text. 404 for a school that is not theirs,
 * 400 when no application there has a phone.
 */
export async function answerSmsConsent(
  db: Db,
  contact: Contact,
  change: FamilySmsConsentChange,
): Promise<FamilySmsConsentSchool[]> {
  await db.transaction(async (tx) => {
    const schools = (await textedSchools(tx, contact)).filter(
      (school) => change.id_school === undefined || school.id_school === change.id_school,
    );
    if (schools.length === 0) throw notFound();
    const phones = schools.flatMap((school) =>
      [...school.phones].map(([phone, application]) => ({ id_school: school.id_school, phone, ...application })),
    );
    if (phones.length === 0) throw badRequest('smsConsentNoPhone');
    await recordSmsConsent(
      tx,
      phones.map((p) => ({
        id_school: p.id_school,
        phone: p.phone,
        granted: change.granted,
        source: 'portal' as const,
        id_application: p.id_application,
      })),
    );
    // the family's own act: no staff member, the school's audit log still shows it
    await writeAudits(
      tx,
      { id_user: null, id_school: phones[0].id_school },
      phones.map((p) => ({
        action: change.granted ? 'sms_consent.grant' : 'sms_consent.withdraw',
        entity: 'application',
        entityId: p.id_application,
        id_school: p.id_school,
        id_campus: p.id_campus,
        changes: { source: 'portal' },
      })),
    );
  });
  return familySmsConsent(db, contact);
}
