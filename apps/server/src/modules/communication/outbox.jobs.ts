import { z } from 'zod';
import { quietHoursEnd } from '@openseat/shared/quiet-hours';
import { defineJob, type JobContext } from '../../jobs/job';
import { yieldToProcess } from '../../lib/yield';
import { withPortalLinks } from '../portal-links/portal-links.service';
import * as repo from './outbox.repository';
import { SendRefused, Transports } from './transports.service';
import { unsubscribeToken } from './unsubscribe.service';

/** Tries per message (the first and four retries); backoff doubles from OUTBOX_RETRY_SECONDS. */
export const MAX_ATTEMPTS = 5;
/** Messages claimed at once; they are sent concurrently over the pooled connections. */
const BATCH = 100;

/**
 * Sends what the outbox holds. Enqueued by every transaction that queues messages (the same key while one waits,
 * so a burst of moves makes one run), and every minute by its schedule, which picks up what a stopped process
 * left: retries whose backoff ended and claims whose sender stopped. Each message is claimed by one run only.
 */
export const dispatchOutbox = defineJob({
  name: 'outbox.dispatch',
  payload: z.object({ retry: z.boolean().optional() }),
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  idempotencyKey: (p) => (p.retry ? 'outbox:retry' : 'outbox'),
  schedule: { cron: '* * * * *' },
  async handle(_payload, context) {
    await dispatchDue(context);
  },
});

/** Sends due messages until none is left; then asks to run again when the next retry falls due. */
export async function dispatchDue(
  context: JobContext,
  // a claimed message is the claimer's for a lease (renewed while it sends); a sender that stopped loses it
  { claimSeconds = context.config.jobLeaseSeconds }: { claimSeconds?: number } = {},
): Promise<number> {
  const transports = new Transports(context);
  let sent = 0;
  try {
    for (;;) {
      const claimed = await repo.claimDue(context.db, BATCH, claimSeconds);
      if (claimed.length === 0) break;
      const batch = await withoutQuietTexts(context, claimed);
      const accepted = await whileClaimed(context, batch, claimSeconds, () =>
        Promise.all(batch.map((message) => sendOne(context, transports, message))),
      );
      await repo.markSent(
        context.db,
        accepted.filter((r) => r !== null),
      );
      sent += batch.length;
      await yieldToProcess();
    }
  } finally {
    transports.close();
  }
  const next = await repo.nextDue(context.db);
  if (next && next.getTime() > Date.now())
    await context.jobs.enqueue(context.db, dispatchOutbox, { retry: true }, { startAfter: next });
  return sent;
}

/** The claimed messages that may go now: a text due in its school's quiet hours goes back to wait for their end. */
async function withoutQuietTexts(context: JobContext, claimed: repo.ClaimedMessage[]) {
  const now = new Date();
  const waits = claimed.flatMap((message) => {
    if (message.channel !== 'sms' || !message.quiet?.timeZone) return [];
    const at = quietHoursEnd(now, message.quiet.timeZone, message.quiet.start, message.quiet.end);
    return at ? [{ id_message: message.id_message, at }] : [];
  });
  await repo.postpone(context.db, waits);
  const waiting = new Set(waits.map((w) => w.id_message));
  return claimed.filter((message) => !waiting.has(message.id_message));
}

/**
 * Runs the batch's sends while renewing its claim every third of the lease, so a provider that answers slowly never
 * lets another sender take (and send again) messages this one is still sending. Only a sender that stopped loses them.
 */
async function whileClaimed<T>(
  context: JobContext,
  batch: repo.ClaimedMessage[],
  claimSeconds: number,
  send: () => Promise<T>,
): Promise<T> {
  const ids = batch.map((m) => m.id_message);
  const renewClaims = () =>
    repo.extendClaims(context.db, ids, claimSeconds).catch((err) => context.log.warn({ err }, 'claim not renewed'));
  const renew = setInterval(renewClaims, (claimSeconds * 1000) / 3);
  try {
    return await send();
  } finally {
    clearInterval(renew);
  }
}

/** Sends one claimed message (its portal links filled in now): answers an accepted e-mail to record with its batch; SMS and refusals are recorded here. */
async function sendOne(context: JobContext, transports: Transports, claimed: repo.ClaimedMessage) {
  try {
    const message = await withPortalLinks(context.db, context.config.publicUrl, claimed);
    const { providerId } =
      message.channel === 'email'
        ? await (await transports.emailFor(message.id_school)).send(mailOf(context, message))
        : await (
            await transports.smsFor(message.id_school)
          ).send({
            to: message.recipient,
            from: message.campus_phone,
            body: message.body,
            statusCallback: `${context.config.publicUrl}/api/webhooks/twilio/status`,
          });
    const accepted = { id_message: message.id_message, providerId };
    // an SMS is recorded at once: Twilio's delivery report may come back before the batch ends, and it finds the
    // message by this id
    if (message.channel === 'sms') {
      await repo.markSent(context.db, [accepted]);
      return null;
    }
    return accepted;
  } catch (error) {
    const permanent = error instanceof SendRefused && error.permanent;
    const final = permanent || claimed.attempts >= MAX_ATTEMPTS;
    const retryInSeconds = context.config.outboxRetrySeconds * 2 ** (claimed.attempts - 1);
    context.log.warn({ id_message: claimed.id_message, attempt: claimed.attempts, final }, 'message not sent');
    await repo.markRefused(
      context.db,
      claimed.id_message,
      (error as Error).message ?? String(error),
      final ? { final: true } : { final: false, retryInSeconds },
    );
    return null;
  }
}

/** The mail of an outbox row: its key is the Message-ID; bulk mail says how to unsubscribe (RFC 2369 and 8058). */
function mailOf(context: JobContext, message: repo.ClaimedMessage) {
  const link = `${context.config.publicUrl}/api/unsubscribe/${unsubscribeToken(context.secrets, message.id_school, message.recipient.toLowerCase())}`;
  return {
    to: message.recipient,
    subject: message.subject ?? '',
    text: message.bulk ? `${message.body}\n\n--\nUnsubscribe: ${link}` : message.body,
    html: message.html ?? undefined,
    replyTo: message.reply_to ?? undefined,
    messageId: `<${message.idempotency_key}@openseat>`,
    headers: message.bulk
      ? { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : undefined,
  };
}
