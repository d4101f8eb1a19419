import type { CommunicationEntry, MessageBatch, OutboxEntry } from '@openseat/shared/schemas/communication';
import type { LogRecord } from './messaging.repository';

export const presentEntry = (r: LogRecord): CommunicationEntry => ({
  id_message: r.id_message,
  id_application: r.id_application,
  type: r.channel,
  id_message_type: r.id_message_type,
  template: r.template,
  id_campus_email: r.id_campus_email,
  id_campus_text_message: r.id_campus_text_message,
  recipient: r.recipient,
  subject: r.subject,
  body: r.body,
  state: r.status,
  attempts: r.attempts,
  error: r.last_error,
  author: r.author,
  createdAt: r.created_at,
  sentAt: r.sent_at,
  deliveredAt: r.delivered_at,
});

export const presentOutboxEntry = (r: LogRecord & { id_school: number }): OutboxEntry => ({
  ...presentEntry(r),
  id_school: r.id_school,
  school: r.school,
});

/** Messages by outbox state, as a batch or a resend shows its progress. */
export function presentStateCounts(counts: Record<string, number>) {
  const n = (state: string) => counts[state] ?? 0;
  return {
    // a message being sent is still on its way
    queued: n('queued') + n('sending'),
    sent: n('sent'),
    delivered: n('delivered'),
    failed: n('failed'),
    skipped: n('skipped'),
    total: Object.values(counts).reduce((sum, v) => sum + v, 0),
  };
}

export function presentBatch(batch: {
  id_message_batch: number;
  requested: number;
  counts: Record<string, number>;
}): MessageBatch {
  return {
    id_message_batch: batch.id_message_batch,
    requested: batch.requested,
    ...presentStateCounts(batch.counts),
  };
}
