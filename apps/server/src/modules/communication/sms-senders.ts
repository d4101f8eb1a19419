import type { Executor } from '../../db/client';
import { conflict } from '../../lib/errors';
import { lockSenders, senderClashOf } from './sms-senders.repository';

/**
 * Refuses (409) a change that leaves one of the school's campus numbers shared with another school's campus under
 * the same Twilio account: Twilio's callbacks for a number are signed by the one account that owns it, so a number
 * belongs to one school per account. Called in the changing transaction, after its write,
 * for the campus whose number changed or every campus of a school whose account changed.
 */
export async function assertSenderNumbersUnique(tx: Executor, where: { id_school: number; id_campus?: number }) {
  await lockSenders(tx);
  if (!(await senderClashOf(tx, where.id_school, where.id_campus))) return;
  // the field the form shows it on: the campus's number, or the school's account
  const path = where.id_campus === undefined ? 'twilio_account_sid' : 'phone_number';
  throw conflict('smsSenderInUse', [{ path, message: 'smsSenderInUse' }]);
}
