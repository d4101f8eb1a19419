import type { Executor } from '../../db/client';
import { addressKey } from './outbox.service';
import * as repo from './sms-consent.repository';

/*
 * Consent to text messages (issue 28, docs/privacy.md "Messaging consent"): a history per school and phone, the newest
 * row deciding. The outbox writes an SMS to a number without consent as skipped ('no consent'), never sent.
 */

export type SmsConsentSource = 'form' | 'portal' | 'staff' | 'stop' | 'start';

/** The history a screen shows: at most this many rows, newest first. */
const HISTORY_ROWS = 50;

export type SmsConsentChange = {
  id_school: number;
  phone: string;
  granted: boolean;
  source: SmsConsentSource;
  note?: string | null;
  id_user?: number | null;
  id_application?: number | null;
};

/** Records consent given or withdrawn for each phone (the caller's transaction); a blank phone records nothing. */
export async function recordSmsConsent(db: Executor, changes: SmsConsentChange[]) {
  await repo.insertConsents(
    db,
    changes
      .filter((change) => change.phone.replace(/\D/g, '').length > 0)
      .map((change) => ({
        id_school: change.id_school,
        address: addressKey('sms', change.phone),
        granted: change.granted,
        source: change.source,
        note: change.note?.trim() || null,
        id_user: change.id_user ?? null,
        id_application: change.id_application ?? null,
      })),
  );
}

/** A phone's consent at the school: whether texts may go now, and the history behind it (newest first). */
export async function smsConsentOf(db: Executor, id_school: number, phone: string) {
  const address = addressKey('sms', phone);
  const history = await repo.consentHistory(db, id_school, address, HISTORY_ROWS);
  return { phone: address, granted: history[0]?.granted ?? false, history };
}
