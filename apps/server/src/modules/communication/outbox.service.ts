import { randomUUID } from 'node:crypto';
import type { Channel, MessageTypeId } from '@openseat/shared/communication';
import type { FamilyLanguage } from '@openseat/shared/schemas/family';
import type { Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import { dispatchOutbox } from './outbox.jobs';
import * as repo from './outbox.repository';
import { consentingAddresses } from './sms-consent.repository';

/**
 * A message to put in the outbox. `key` names its cause when the cause may come again (a reminder's period, a
 * manual send's Idempotency-Key): the same key queues nothing the second time. Without it each message is new.
 */
export type MessageDraft = {
  id_school: number;
  id_campus: number | null;
  id_application: number | null;
  channel: Channel;
  id_message_type: MessageTypeId;
  recipient: string;
  subject?: string | null;
  body: string;
  html?: string | null;
  /** The family's language the message is written in. */
  lng?: FamilyLanguage;
  id_campus_email?: number | null;
  id_campus_text_message?: number | null;
  id_reminder?: number | null;
  id_message_batch?: number | null;
  id_user?: number | null;
  /** Mail to many at once (a list selection, reminders): List-Unsubscribe, and opted-out addresses are skipped. */
  bulk?: boolean;
  key?: string;
  /** Why it cannot be sent (no address): written as 'skipped' with this reason, so the log shows it. */
  skipReason?: string;
};

/**
 * The form an address is sent to and compared in (opt-outs): lower-case e-mail, or the phone in E.164. A number of
 * 10 digits without a country code is taken as North American (+1), as the schools' own records write them.
 */
export const addressKey = (channel: Channel, address: string) => {
  if (channel === 'email') return address.trim().toLowerCase();
  const digits = address.replace(/\D/g, '');
  return address.trim().startsWith('+') || digits.length !== 10 ? `+${digits}` : `+1${digits}`;
};

/**
 * Writes the messages in the caller's transaction and enqueues the dispatcher in it too: they are sent after the
 * commit, and never if it rolls back. A message to an address that opted out is kept as 'skipped' (the log shows
 * why nothing went): any SMS to a number that replied STOP, and bulk e-mail to an address that unsubscribed. Answers the ids of the messages written.
 */
export async function queueMessages(tx: Executor, jobs: JobQueue, drafts: MessageDraft[]): Promise<number[]> {
  if (drafts.length === 0) return [];
  const skipped = await optedOutDrafts(tx, drafts);
  const unconsented = await textsWithoutConsent(tx, drafts);
  const rows = drafts.map((d, i): repo.NewMessage => {
    const reason = d.skipReason ?? (skipped.has(i) ? 'opted out' : unconsented.has(i) ? SKIPPED_WITHOUT_CONSENT : null);
    return {
      id_school: d.id_school,
      id_campus: d.id_campus,
      id_application: d.id_application,
      idempotency_key: d.key ?? randomUUID(),
      channel: d.channel,
      id_message_type: d.id_message_type,
      id_campus_email: d.id_campus_email ?? null,
      id_campus_text_message: d.id_campus_text_message ?? null,
      id_reminder: d.id_reminder ?? null,
      id_message_batch: d.id_message_batch ?? null,
      id_user: d.id_user ?? null,
      lng: d.lng ?? 'en',
      recipient: d.channel === 'sms' && d.recipient.trim() ? addressKey('sms', d.recipient) : d.recipient.trim(),
      subject: d.subject ?? null,
      body: d.body,
      html: d.html ?? null,
      bulk: d.bulk ?? false,
      status: reason ? 'skipped' : 'queued',
      last_error: reason,
    };
  });
  const ids = await repo.insertMessages(tx, rows);
  if (rows.some((r) => r.status === 'queued')) await jobs.enqueue(tx, dispatchOutbox, {});
  return ids;
}

/** Why an SMS to a number that never consented (or withdrew its consent) was not sent. */
export const SKIPPED_WITHOUT_CONSENT = 'no consent';

/**
 * For each draft `concerned` keeps, whether `lookup` finds its address: one lookup per school and channel, with the
 * addresses as `addressKey` writes them.
 */
async function addressesFound(
  drafts: MessageDraft[],
  concerned: (d: MessageDraft) => boolean,
  lookup: (id_school: number, channel: Channel, addresses: string[]) => Promise<Set<string>>,
): Promise<Map<number, boolean>> {
  const groups = new Map<string, Array<{ d: MessageDraft; i: number }>>();
  drafts.forEach((d, i) => {
    if (!concerned(d)) return;
    const k = `${d.id_school}:${d.channel}`;
    const group = groups.get(k);
    if (group) group.push({ d, i });
    else groups.set(k, [{ d, i }]);
  });
  const found = new Map<number, boolean>();
  for (const entries of groups.values()) {
    const { id_school, channel } = entries[0].d;
    const addresses = await lookup(
      id_school,
      channel,
      entries.map(({ d }) => addressKey(channel, d.recipient)),
    );
    for (const { d, i } of entries) found.set(i, addresses.has(addressKey(channel, d.recipient)));
  }
  return found;
}

const indexesWhere = (found: Map<number, boolean>, value: boolean) =>
  new Set([...found].filter(([, v]) => v === value).map(([i]) => i));

/** Indexes of the SMS drafts whose number has no consent to texts at their school. */
async function textsWithoutConsent(tx: Executor, drafts: MessageDraft[]): Promise<Set<number>> {
  const consenting = await addressesFound(
    drafts,
    (d) => d.channel === 'sms' && !d.skipReason,
    (id_school, _channel, addresses) => consentingAddresses(tx, id_school, addresses),
  );
  return indexesWhere(consenting, false);
}

/** Indexes of the drafts whose address opted out of their channel at their school (SMS: all; e-mail: bulk). */
async function optedOutDrafts(tx: Executor, drafts: MessageDraft[]): Promise<Set<number>> {
  const optedOut = await addressesFound(
    drafts,
    (d) => !d.skipReason && (d.bulk || d.channel === 'sms'),
    (id_school, channel, addresses) => repo.optedOut(tx, id_school, channel, addresses),
  );
  return indexesWhere(optedOut, true);
}

/**
 * A provider's delivery report (Twilio's status callback) for the message it sent as `providerId`: only a sent
 * message moves (a queued or skipped one is not the provider's to report). Answers how many rows changed.
 */
export const recordDelivery = (
  db: Executor,
  providerId: string,
  state: Parameters<typeof repo.recordDelivery>[2],
  error: string | null,
) => repo.recordDelivery(db, providerId, state, error);
