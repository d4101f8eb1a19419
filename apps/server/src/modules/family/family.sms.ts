import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import { encryptSecret } from '../../lib/crypto';
import type { Secrets } from '../../lib/secrets';
import { addressKey } from '../communication/outbox.service';
import { smsAccountOf } from '../communication/transports.service';
import type { Contact } from './family.contact';
import { sendSignInSms } from './family.jobs';
import * as repo from './family-sms.repository';

/*
 * A phone contact's sign-in code by text message (docs/family-portal.md, "Phones"). SMS senders are per school (its
 * Twilio account) and per campus (its number), and a guardian may span schools: the code goes from one campus of
 * theirs, through the sign-in outbox (`guardian_sign_in_sms`), never through the staff's message log.
 */

export type SmsDeps = { config: Config; secrets: Secrets; jobs: JobQueue };

type SmsFrom = { id_school: number; id_campus: number; recipient: string };

/**
 * The campus of the contact's newest live application whose school sends SMS (a Twilio account, its own or the
 * server's, and a number: the campus's, else TWILIO_FROM) and to which the number has not replied STOP; the number is
 * the one that application holds. Null when no school of theirs sends SMS.
 */
async function smsFromOf(tx: Executor, deps: SmsDeps, contact: Contact): Promise<SmsFrom | null> {
  const schoolSends = new Map<number, boolean>();
  for (const campus of await repo.smsCampusesOf(tx, contact)) {
    let sends = schoolSends.get(campus.id_school);
    if (sends === undefined) {
      const account = await smsAccountOf({ db: tx, config: deps.config, secrets: deps.secrets }, campus.id_school);
      schoolSends.set(campus.id_school, (sends = Boolean(account.accountSid && account.authToken)));
    }
    if (!sends || !campus.phone || !(campus.campusPhone?.trim() || deps.config.twilio.from)) continue;
    const recipient = addressKey('sms', campus.phone);
    if (await repo.optedOutOfSms(tx, campus.id_school, recipient)) continue;
    return { id_school: campus.id_school, id_campus: campus.id_campus, recipient };
  }
  return null;
}

/**
 * Puts the code's text in the sign-in outbox, sealed, inside the sign-in's transaction; the `family.sign-in-sms` job
 * sends it after commit. Nothing is queued when no school of the guardian sends SMS (the answer stays the same).
 */
export async function queueSignInSms(tx: Executor, deps: SmsDeps, contact: Contact, body: string): Promise<void> {
  const from = await smsFromOf(tx, deps, contact);
  if (!from) return;
  const id = await repo.insertSignInSms(tx, { ...from, sealedBody: encryptSecret(deps.secrets.encryptionKey, body) });
  await deps.jobs.enqueue(tx, sendSignInSms, { id_guardian_sign_in_sms: id });
}
