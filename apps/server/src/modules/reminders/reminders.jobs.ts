import { z } from 'zod';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import type { Db } from '../../db/client';
import { defineJob, type JobQueue } from '../../jobs/job';
import { queueMessages, type MessageDraft } from '../communication/outbox.service';
import { recipientsOf, writtenIn, type Recipient } from '../communication/recipients.service';
import { renderEmail, renderSms } from '../communication/render.service';
import * as repo from './reminders.repository';
import { yieldToProcess } from '../../lib/yield';

/** Applications per transaction: a run over 10,000 applications is 20 short transactions, not one long one. */
const CHUNK = 500;

export type ReminderRun = { applications: number; queued: number };

/**
 * Queues every reminder that is due at `now` (docs/api-reminders.md, "When a reminder fires"). Each message's key
 * is `reminder:{id_reminder}:{id_application}:{entered epoch ms}:{n}:{channel}`: a second run in the same period,
 * or a retried job, queues nothing more; a run after missed days queues the current period once (no backlog); an
 * application that leaves the status is no longer found, and one that comes back starts counting again.
 */
export async function sendDueReminders(deps: { db: Db; jobs: JobQueue }, now: Date): Promise<ReminderRun> {
  return queueDue(deps, await repo.dueReminders(deps.db, now));
}

/**
 * Queues the reminders due before offers lapse (docs/api-reminders.md, "Before an offer lapses"): once per offer,
 * `offer_reminder_hours` before its deadline, the campus's active reminders of the status Offered send their
 * templates. Keys `offer-deadline:{id_reminder}:{id_application}:{deadline epoch ms}:{channel}`: a retried or second
 * run queues nothing more.
 */
export async function sendOfferDeadlineReminders(deps: { db: Db; jobs: JobQueue }, now: Date): Promise<ReminderRun> {
  return queueDue(deps, await repo.dueOfferDeadlineReminders(deps.db, now));
}

async function queueDue(deps: { db: Db; jobs: JobQueue }, due: repo.DueReminder[]): Promise<ReminderRun> {
  if (due.length === 0) return { applications: 0, queued: 0 };
  const reminders = new Map((await repo.activeReminders(deps.db)).map((r) => [r.id_reminder, r]));
  let queued = 0;
  for (let i = 0; i < due.length; i += CHUNK) {
    const chunk = due.slice(i, i + CHUNK);
    queued += await deps.db.transaction(async (tx) => {
      const recipients = await recipientsOf(tx, [...new Set(chunk.map((d) => d.id_application))]);
      const drafts = chunk.flatMap((d) => {
        const reminder = reminders.get(d.id_reminder);
        const recipient = recipients.get(d.id_application);
        // the application moved (or was deleted) since the candidates were read: the reminder has stopped
        if (!reminder || !recipient || recipient.id_status !== reminder.id_status) return [];
        return draftsOf(reminder, recipient, d.key);
      });
      return (await queueMessages(tx, deps.jobs, drafts)).length;
    });
    await yieldToProcess();
  }
  return { applications: due.length, queued };
}

function draftsOf(reminder: repo.ActiveReminder, recipient: Recipient, key: string): MessageDraft[] {
  const common = {
    id_school: recipient.id_school,
    id_campus: recipient.id_campus,
    id_application: recipient.id_application,
    id_message_type: MESSAGE_TYPE.REMINDER,
    id_reminder: reminder.id_reminder,
    // reminders are bulk mail: List-Unsubscribe, and addresses that unsubscribed are skipped
    bulk: true,
  };
  const drafts: MessageDraft[] = [];
  if (reminder.id_campus_email !== null) {
    // each template writes its dates in its own language, and its message is in that language
    const inEmail = writtenIn(recipient, reminder.email_lng ?? recipient.lng);
    const content = renderEmail(
      { subject: reminder.subject, text: reminder.email_text ?? '', html: reminder.html },
      inEmail,
    );
    drafts.push({
      ...common,
      lng: inEmail.lng,
      channel: 'email',
      recipient: recipient.email ?? '',
      ...content,
      id_campus_email: reminder.id_campus_email,
      key: `${key}email`,
      skipReason: recipient.email ? undefined : 'no address',
    });
  }
  if (reminder.id_campus_text_message !== null) {
    const inSms = writtenIn(recipient, reminder.sms_lng ?? recipient.lng);
    drafts.push({
      ...common,
      lng: inSms.lng,
      channel: 'sms',
      recipient: recipient.phone ?? '',
      subject: null,
      body: renderSms(reminder.sms_text ?? '', inSms),
      html: null,
      id_campus_text_message: reminder.id_campus_text_message,
      key: `${key}sms`,
      skipReason: recipient.phone ? undefined : 'no address',
    });
  }
  return drafts;
}

/**
 * Every hour on the hour (UTC): a school's calendar day begins at a different UTC hour in each time zone, so an
 * hourly run sends each reminder within the hour its day begins, and each offer's reminder within the hour it is due.
 * Safe to run again: the keys queue each period, and each offer, once.
 */
export const sendRemindersJob = defineJob({
  name: 'reminders.send',
  payload: z.object({}).loose(),
  retryLimit: 3,
  retryDelaySeconds: 300,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
  idempotencyKey: () => 'reminders:send',
  schedule: { cron: '0 * * * *', tz: 'UTC' },
  async handle(_payload, context) {
    const now = new Date();
    const run = await sendDueReminders(context, now);
    if (run.queued) context.log.info(run, 'reminders queued');
    const beforeDeadline = await sendOfferDeadlineReminders(context, now);
    if (beforeDeadline.queued) context.log.info(beforeDeadline, 'offer deadline reminders queued');
  },
});
