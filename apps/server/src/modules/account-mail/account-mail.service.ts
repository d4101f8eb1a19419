import type { Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/runner';
import { encryptSecret } from '../../lib/crypto';
import type { Mail } from '../mail/mail.types';
import type { Secrets } from '../../lib/secrets';
import { sendAccountMail } from './account-mail.jobs';
import * as repo from './account-mail.repository';

export type OutboxDeps = { jobs: JobQueue; secrets: Secrets };

/**
 * Puts a mail to a staff account in the outbox, inside the caller's transaction: it is sent after commit by
 * the `account-mail.send` job, and not at all if the transaction rolls back.
 */
export async function queueAccountMail(
  tx: Executor,
  deps: OutboxDeps,
  mail: Mail & { id_user: number | null; kind: string },
): Promise<void> {
  const { to, id_user, kind, ...content } = mail;
  const id_account_mail = await repo.insertAccountMail(tx, {
    id_user,
    kind,
    recipient: to,
    sealedContent: encryptSecret(deps.secrets.encryptionKey, JSON.stringify(content)),
  });
  await deps.jobs.enqueue(tx, sendAccountMail, { id_account_mail });
}
