import type { SmsConsent, SmsConsentChange } from '@openseat/shared/schemas/sms-consent';
import type { Db, Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { writeAudit } from '../audit/audit.service';
import type { Principal } from '../auth/auth.types';
import { recipientsOf } from '../communication/recipients.service';
import { recordSmsConsent, smsConsentOf } from '../communication/sms-consent.service';
import { requireApplication } from '../applications/application-ref.service';

/** Consent to texts as staff see and record it on an application: for the phone its texts go to. */

async function textedPhone(db: Executor, caller: Principal, id_application: number) {
  const application = await requireApplication(db, caller.scope, id_application);
  const recipient = (await recipientsOf(db, [id_application])).get(id_application);
  return { id_school: application.id_school, phone: recipient?.phone ?? null };
}

export async function applicationSmsConsent(db: Db, caller: Principal, id_application: number): Promise<SmsConsent> {
  const { id_school, phone } = await textedPhone(db, caller, id_application);
  if (!phone) return { phone: null, granted: false, history: [] };
  const consent = await smsConsentOf(db, id_school, phone);
  return {
    phone: consent.phone,
    granted: consent.granted,
    history: consent.history.map((row) => ({
      granted: row.granted,
      source: row.source as SmsConsent['history'][number]['source'],
      note: row.note,
      recordedBy: row.recordedBy,
      at: new Date(row.at).toISOString(),
    })),
  };
}

/** Staff record that the family gave (saying where) or withdrew consent to texts; audited. */
export async function recordApplicationSmsConsent(
  db: Db,
  caller: Principal,
  id_application: number,
  change: SmsConsentChange,
): Promise<SmsConsent> {
  await db.transaction(async (tx) => {
    const { id_school, phone } = await textedPhone(tx, caller, id_application);
    if (!phone) throw badRequest('smsConsentNoPhone');
    await recordSmsConsent(tx, [
      {
        id_school,
        phone,
        granted: change.granted,
        source: 'staff',
        note: change.note,
        id_user: caller.id_user,
        id_application,
      },
    ]);
    await writeAudit(tx, caller, {
      action: change.granted ? 'sms_consent.grant' : 'sms_consent.withdraw',
      entity: 'application',
      entityId: id_application,
    });
  });
  return applicationSmsConsent(db, caller, id_application);
}
