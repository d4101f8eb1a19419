import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Channel, MessageState } from '@openseat/shared/communication';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inIds, rowsOf } from '../../lib/sql';

/*
 * The message outbox: rows are written by the transaction that causes them, claimed by a dispatcher (one batch at
 * a time, FOR UPDATE SKIP LOCKED, so several workers share the queue without sending a message twice), and
 * finished with the provider's answer.
 */

const m = s.messageOutbox;

/** The columns a queued message is written with (the rest take their defaults). */
const COLUMNS = [
  ['id_school', 'int'],
  ['id_campus', 'int'],
  ['id_application', 'int'],
  ['idempotency_key', 'text'],
  ['channel', 'text'],
  ['id_message_type', 'int'],
  ['id_campus_email', 'int'],
  ['id_campus_text_message', 'int'],
  ['id_reminder', 'int'],
  ['id_message_batch', 'int'],
  ['id_user', 'int'],
  ['lng', 'text'],
  ['recipient', 'text'],
  ['subject', 'text'],
  ['body', 'text'],
  ['html', 'text'],
  ['bulk', 'boolean'],
  ['status', 'text'],
  ['last_error', 'text'],
] as const;

export type NewMessage = {
  id_school: number;
  id_campus: number | null;
  id_application: number | null;
  idempotency_key: string;
  channel: Channel;
  id_message_type: number;
  id_campus_email: number | null;
  id_campus_text_message: number | null;
  id_reminder: number | null;
  id_message_batch: number | null;
  id_user: number | null;
  lng: string;
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  bulk: boolean;
  status: 'queued' | 'skipped';
  last_error: string | null;
};

const columnList = sql.raw(COLUMNS.map(([name]) => name).join(', '));
const recordType = sql.raw(COLUMNS.map(([name, type]) => `${name} ${type}`).join(', '));

/**
 * Writes messages with ONE JSON parameter per 5,000 (jsonb_to_recordset), so a lottery's twenty thousand messages
 * cost a few statements, not a statement's worth of parameters each. A key already used (the same reminder period
 * again) adds nothing. Answers the ids written.
 */
export async function insertMessages(db: Executor, rows: NewMessage[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 5000) {
    const inserted = rowsOf<{ id_message: number }>(
      await db.execute(sql`
        INSERT INTO message_outbox (${columnList})
        SELECT ${columnList} FROM jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 5000))}::jsonb) AS v(${recordType})
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id_message
      `),
    );
    ids.push(...inserted.map((r) => r.id_message));
  }
  return ids;
}

/** The addresses among these that opted out of the channel at the school. */
export async function optedOut(db: Executor, id_school: number, channel: Channel, addresses: string[]) {
  if (addresses.length === 0) return new Set<string>();
  const rows = await db
    .select({ address: s.communicationOptOut.address })
    .from(s.communicationOptOut)
    .where(
      and(
        eq(s.communicationOptOut.id_school, id_school),
        eq(s.communicationOptOut.channel, channel),
        inArray(s.communicationOptOut.address, addresses),
      ),
    );
  return new Set(rows.map((r) => r.address));
}

export type ClaimedMessage = {
  id_message: number;
  id_school: number;
  id_campus: number | null;
  id_application: number | null;
  idempotency_key: string;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  bulk: boolean;
  attempts: number;
  /** The campus's own number: SMS go out from it. */
  campus_phone: string | null;
  /** The campus's contact e-mail: a family's reply to the mail goes there. */
  reply_to: string | null;
  /** The school's SMS quiet hours, in the campus's time zone (else the school's). */
  quiet: { timeZone: string; start: string; end: string };
};

/**
 * Takes up to `limit` due messages for this sender until `leaseSeconds` from now: queued ones whose retry time
 * has come, and ones whose sender's lease ran out (it stopped between claim and answer: sent at most once more).
 */
export async function claimDue(db: Executor, limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
  return rowsOf<ClaimedMessage>(
    await db.execute(sql`
      UPDATE message_outbox o SET status = 'sending', attempts = o.attempts + 1,
             claimed_until = now() + make_interval(secs => ${leaseSeconds})
      FROM (
        SELECT id_message FROM message_outbox
        WHERE next_attempt_at <= now()
          AND (status = 'queued' OR (status = 'sending' AND claimed_until < now()))
        ORDER BY next_attempt_at, id_message
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ) due
      WHERE o.id_message = due.id_message
      RETURNING o.id_message, o.id_school, o.id_campus, o.id_application, o.idempotency_key, o.channel, o.recipient, o.subject, o.body,
                o.html, o.bulk, o.attempts,
                (SELECT cc.phone_number FROM campus_configuration cc WHERE cc.id_campus = o.id_campus) AS campus_phone,
                (SELECT coalesce(nullif(c.email, ''), nullif(cc.email, '')) FROM campus c
                   LEFT JOIN campus_configuration cc ON cc.id_campus = c.id_campus
                  WHERE c.id_school = o.id_school AND c.id_campus = o.id_campus) AS reply_to,
                (SELECT json_build_object('timeZone', coalesce(cc.time_zone, sc.time_zone), 'start', sc.sms_quiet_start,
                                          'end', sc.sms_quiet_end)
                   FROM school_configuration sc LEFT JOIN campus_configuration cc ON cc.id_campus = o.id_campus
                  WHERE sc.id_school = o.id_school) AS quiet
    `),
  );
}

/**
 * Gives claimed messages back to the queue until a later time (a text due in quiet hours waits for the morning): the
 * claim is not a try, so it does not count as one.
 */
export async function postpone(db: Executor, until: Array<{ id_message: number; at: Date }>) {
  if (until.length === 0) return;
  await db.execute(sql`
    UPDATE message_outbox o SET status = 'queued', attempts = o.attempts - 1, claimed_until = NULL,
           next_attempt_at = v.at
    FROM jsonb_to_recordset(${JSON.stringify(until.map((u) => ({ id: u.id_message, at: u.at.toISOString() })))}::jsonb)
         AS v(id int, at timestamptz)
    WHERE o.id_message = v.id AND o.status = 'sending'
  `);
}

/** Keeps a sender's claim on messages it is still sending (a slow provider must not make them look abandoned). */
export async function extendClaims(db: Executor, ids: number[], leaseSeconds: number) {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE message_outbox SET claimed_until = now() + make_interval(secs => ${leaseSeconds})
    WHERE ${inIds(sql`id_message`, ids)} AND status = 'sending'
  `);
}

/** When the next queued message falls due (a retry waiting out its backoff), or null when none waits. */
export async function nextDue(db: Executor): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | null }>(
    await db.execute(
      sql`SELECT min(next_attempt_at)::text AS at FROM message_outbox WHERE status IN ('queued', 'sending')`,
    ),
  );
  return row?.at ? new Date(row.at) : null;
}

/** Records a batch's accepted messages in one statement (the dispatcher's hot path). */
export async function markSent(db: Executor, sent: Array<{ id_message: number; providerId: string | null }>) {
  if (sent.length === 0) return;
  await db.execute(sql`
    UPDATE message_outbox o SET status = 'sent', sent_at = now(), provider_id = v.provider_id, claimed_until = NULL,
           last_error = NULL
    FROM jsonb_to_recordset(${JSON.stringify(sent.map((r) => ({ id: r.id_message, provider_id: r.providerId })))}::jsonb)
         AS v(id int, provider_id text)
    WHERE o.id_message = v.id AND o.status = 'sending'
  `);
}

/** A refused try: queued again after `retryInSeconds`, or failed for good when `final`. */
export async function markRefused(
  db: Executor,
  id_message: number,
  error: string,
  outcome: { final: true } | { final: false; retryInSeconds: number },
) {
  await db
    .update(m)
    .set({
      status: outcome.final ? 'failed' : 'queued',
      lastError: error.slice(0, 2000),
      claimedUntil: null,
      nextAttemptAt: outcome.final ? sql`now()` : sql`now() + make_interval(secs => ${outcome.retryInSeconds})`,
    })
    .where(and(eq(m.id_message, id_message), eq(m.status, 'sending')));
}

/** A provider's delivery report (Twilio's status callback), by its message id. */
export async function recordDelivery(
  db: Executor,
  providerId: string,
  state: Extract<MessageState, 'sent' | 'delivered' | 'failed'>,
  error: string | null,
) {
  const rows = await db
    .update(m)
    .set({
      status: state,
      ...(state === 'delivered' && { deliveredAt: sql`now()` }),
      ...(error && { lastError: error }),
    })
    .where(and(eq(m.providerId, providerId), inArray(m.status, ['sent', 'delivered', 'failed'])))
    .returning({ id: m.id_message });
  return rows.length;
}
