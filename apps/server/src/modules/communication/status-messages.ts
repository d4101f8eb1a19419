import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import type { Executor } from '../../db/client';
import type { MovedApplication } from './communication.types';
import { defineJob, type JobQueue } from '../../jobs/job';
import { yieldToProcess } from '../../lib/yield';
import { queueMessages, type MessageDraft } from './outbox.service';
import { recipientsOf, writtenIn, type Recipient } from './recipients.service';
import { renderEmail, renderSms } from './render.service';
import { boundTemplates, type BoundTemplate } from './status-messages.repository';

export type { MovedApplication } from './communication.types';

/**
 * Moves of one transaction beyond this many have their messages queued by a job (`statusMessagesJob`) that the
 * transaction enqueues: a lottery's thousands of moves commit without rendering thousands of messages first, and
 * the job exists only if the moves commit. Fewer are queued in the move's own transaction.
 */
export const INLINE_MOVES_MAX = 500;

/**
 * Queues the campus's status-change templates bound to each move (from -> to; a template without `from` matches
 * any move into `to`), in the move's transaction, or through `statusMessagesJob` for a large batch
 * (`INLINE_MOVES_MAX`). Per move and channel the guardian's language picks the templates: those in that language,
 * else the English ones, else whatever is bound. Answers how many were queued now.
 */
export async function queueStatusMessages(
  tx: Executor,
  jobs: JobQueue,
  moves: readonly MovedApplication[],
  id_user: number | null,
  inlineMax = INLINE_MOVES_MAX,
  /** The messages' batch key: a held release passes its own, so releasing twice queues nothing new. */
  batch: string = randomUUID(),
): Promise<number> {
  if (moves.length === 0) return 0;
  if (moves.length > inlineMax) {
    // no template bound to these moves: no job to leave behind
    const templates = await boundTemplates(tx, moves);
    if (!moves.some((move) => matchingOf(templates, move).length > 0)) return 0;
    await jobs.enqueue(tx, statusMessagesJob, { batch, id_user, moves: packMoves(moves) });
    return 0;
  }
  return draftAndQueue(tx, jobs, moves, id_user, batch);
}

/** Moves whose messages the job queues in one transaction. */
const JOB_SLICE = 500;

/**
 * The moves as the job carries them: "id_application,id_campus,from,to" joined by ";". A string, not an array of
 * 10,000 tuples: the database stores it as it comes and zod checks it with one pattern (a lottery's enqueue: about
 * 45 ms less on PGlite). Jobs queued before carry the tuples, still accepted.
 */
const PACKED_MOVES = /^\d+,\d+,\d+,\d+(;\d+,\d+,\d+,\d+)*$/;
const packedTuple = z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]);

export const packMoves = (moves: readonly MovedApplication[]) =>
  moves.map((m) => `${m.id_application},${m.id_campus},${m.from},${m.to}`).join(';');

export function unpackMoves(moves: string | Array<z.infer<typeof packedTuple>>): MovedApplication[] {
  const tuples = typeof moves === 'string' ? moves.split(';').map((m) => m.split(',').map(Number)) : moves;
  return tuples.map(([id_application, id_campus, from, to]) => ({ id_application, id_campus, from, to }));
}

/**
 * The messages of a large batch of moves, queued after the moves committed. Each message's key names the batch,
 * the application and the template, so a retried run queues nothing twice.
 */
export const statusMessagesJob = defineJob({
  name: 'status-messages.queue',
  payload: z.object({
    batch: z.string().uuid(),
    id_user: z.number().int().nullable(),
    moves: z.union([z.string().regex(PACKED_MOVES), z.array(packedTuple)]),
  }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  idempotencyKey: (p) => `status-messages:${p.batch}`,
  async handle({ batch, id_user, moves }, context) {
    const unpacked = unpackMoves(moves);
    // in slices, each its own transaction, letting the process answer between them: the embedded database works
    // on the process's own thread, and the run's answer (sent as this starts) must not wait for 20,000 renders
    for (let i = 0; i < unpacked.length; i += JOB_SLICE) {
      const slice = unpacked.slice(i, i + JOB_SLICE);
      await context.db.transaction((tx) => draftAndQueue(tx, context.jobs, slice, id_user, batch));
      await yieldToProcess();
    }
  },
});

async function draftAndQueue(
  tx: Executor,
  jobs: JobQueue,
  moves: readonly MovedApplication[],
  id_user: number | null,
  batch: string,
): Promise<number> {
  const templates = await boundTemplates(tx, moves);
  if (templates.length === 0) return 0;
  const matching = (move: MovedApplication) => matchingOf(templates, move);
  const withMessages = moves.filter((move) => matching(move).length > 0);
  const recipients = await recipientsOf(
    tx,
    withMessages.map((m) => m.id_application),
  );
  const drafts = withMessages.flatMap((move) => {
    const recipient = recipients.get(move.id_application);
    if (!recipient) return [];
    return inLanguage(matching(move), recipient.lng).map((t) => ({
      ...draftOf(t, recipient, id_user),
      key: `status:${batch}:${move.id_application}:${t.id_campus_email ?? 'e'}:${t.id_campus_text_message ?? 's'}`,
    }));
  });
  await queueMessages(tx, jobs, drafts);
  return drafts.length;
}

/** The templates bound to this move: its campus, its new status, and its old one or any. */
const matchingOf = (templates: BoundTemplate[], move: MovedApplication) =>
  templates.filter(
    (t) =>
      t.id_campus === move.id_campus &&
      t.id_status_to === move.to &&
      (t.id_status_from === null || t.id_status_from === move.from),
  );

/** Per channel, the templates in `lng` (the family's); else in English; else all of that channel. */
function inLanguage(templates: BoundTemplate[], lng: string): BoundTemplate[] {
  return (['email', 'sms'] as const).flatMap((channel) => {
    const of = templates.filter((t) => t.channel === channel);
    const own = of.filter((t) => t.lng === lng);
    if (own.length) return own;
    const english = of.filter((t) => t.lng === 'en');
    return english.length ? english : of;
  });
}

function draftOf(t: BoundTemplate, family: Recipient, id_user: number | null): MessageDraft {
  // the template's language (English when the family's has none) writes the dates, and is the message's language
  const recipient = writtenIn(family, t.lng);
  const address = t.channel === 'email' ? recipient.email : recipient.phone;
  const content =
    t.channel === 'email'
      ? renderEmail({ subject: t.subject, text: t.text, html: t.html }, recipient)
      : { subject: null, body: renderSms(t.text, recipient), html: null };
  return {
    id_school: recipient.id_school,
    id_campus: recipient.id_campus,
    id_application: recipient.id_application,
    channel: t.channel,
    id_message_type: MESSAGE_TYPE.STATUS_CHANGE,
    recipient: address ?? '',
    ...content,
    lng: recipient.lng,
    id_campus_email: t.id_campus_email,
    id_campus_text_message: t.id_campus_text_message,
    id_user,
    skipReason: address ? undefined : 'no address',
  };
}
