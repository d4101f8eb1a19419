import type { Executor } from '../../db/client';
import { conflict } from '../../lib/errors';
import * as repo from './sms-senders.repository';

/**
 * Refuses (409) a change that leaves one of the school's campus numbers shared with another school's campus under
 * the same Twilio account: Twilio's callbacks for a number are signed by the one account that owns it, so a number
 * belongs to one school per account. Called in the changing transaction, after its write,
 * for the campus whose number changed or every campus of a school whose account changed.
 */
export async function assertSenderNumbersUnique(tx: Executor, where: { id_school: number; id_campus?: number }) {
  await repo.lockSenders(tx);
  if (!(await repo.senderClashOf(tx, where.id_school, where.id_campus))) return;
  // the field the form shows it on: the campus's number, or the school's account
  const path = where.id_campus === undefined ? 'twilio_account_sid' : 'phone_number';
  throw conflict('smsSenderInUse', [{ path, message: 'smsSenderInUse' }]);
}

/** Schools with a campus that texts from `e164` (an inbound SMS's To, as `addressKey('sms', ...)` writes it). */
export const schoolsOfCampusPhone = (db: Executor, e164: string) => repo.schoolsOfCampusPhone(db, e164);
