import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { decryptSecret } from '../../lib/crypto';
import type { Mail } from '../mail/mail.types';
import * as repo from './account-mail.repository';

/**
 * Sends one outboxed mail to a staff account. Safe to run again: a message already sent is skipped, and the
 * outbox row's key is the Message-ID, so even a send that succeeded just before a crash reads as a resend.
 */
export const sendAccountMail = defineJob({
  name: 'account-mail.send',
  payload: z.object({ id_account_mail: z.number().int().positive() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  // a results day: thousands of guardians' sign-in links within minutes, each good for 30 of them
  batchSize: 25,
  idempotencyKey: ({ id_account_mail }) => `account-mail:${id_account_mail}`,
  async handle({ id_account_mail }, { db, mailer, secrets }, attempt) {
    const row = await repo.findAccountMail(db, id_account_mail);
    if (!row || row.status !== 'pending' || !row.sealedContent) return;
    const content = JSON.parse(decryptSecret(secrets.encryptionKey, row.sealedContent)) as Omit<Mail, 'to'>;
    try {
      await mailer.send({ ...content, to: row.recipient, messageId: `<${row.idempotencyKey}@openseat>` });
    } catch (err) {
      await repo.recordAccountMailFailure(db, id_account_mail, String(err), attempt.last);
      throw err;
    }
    await repo.markAccountMailSent(db, id_account_mail);
  },
});
