import { sql } from 'drizzle-orm';
import { MESSAGE_TYPE, type Channel } from '@openseat/shared/communication';
import type { Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import { rowsOf } from '../../lib/sql';
import { queueMessages, type MessageDraft } from './outbox.service';
import { recipientsOf, type Recipient } from './recipients';
import { renderEmail, renderSms } from './render';

/** A status move that may have messages: written by MoveSession.flush in the move's own transaction. */
export type MovedApplication = { id_application: number; id_campus: number; from: number; to: number };

type BoundTemplate = {
  channel: Channel;
  id_campus: number;
  id_status_from: number | null;
  id_status_to: number;
  id_campus_email: number | null;
  id_campus_text_message: number | null;
  lng: string;
  subject: string | null;
  text: string;
  html: string | null;
};

/**
 * Queues the campus's status-change templates bound to each move (from -> to; a template without `from` matches
 * any move into `to`), in the move's transaction. Per move and channel the guardian's language picks the
 * templates: those in that language, else the English ones, else whatever is bound. Answers how many were queued.
 */
export async function queueStatusMessages(
  tx: Executor,
  jobs: JobQueue,
  moves: readonly MovedApplication[],
  id_user: number | null,
): Promise<number> {
  if (moves.length === 0) return 0;
  const templates = await boundTemplates(tx, moves);
  if (templates.length === 0) return 0;
  const matching = (move: MovedApplication) =>
    templates.filter(
      (t) =>
        t.id_campus === move.id_campus &&
        t.id_status_to === move.to &&
        (t.id_status_from === null || t.id_status_from === move.from),
    );
  const withMessages = moves.filter((move) => matching(move).length > 0);
  const recipients = await recipientsOf(
    tx,
    withMessages.map((m) => m.id_application),
  );
  const drafts = withMessages.flatMap((move) => {
    const recipient = recipients.get(move.id_application);
    if (!recipient) return [];
    return inLanguage(matching(move), recipient.lng).map((t) => draftOf(t, recipient, id_user));
  });
  await queueMessages(tx, jobs, drafts);
  return drafts.length;
}

/** Per channel, the templates in `lng`; else in English; else all of that channel. */
function inLanguage(templates: BoundTemplate[], lng: string): BoundTemplate[] {
  return (['email', 'sms'] as const).flatMap((channel) => {
    const of = templates.filter((t) => t.channel === channel);
    const own = of.filter((t) => t.lng === lng);
    if (own.length) return own;
    const english = of.filter((t) => t.lng === 'en');
    return english.length ? english : of;
  });
}

function draftOf(t: BoundTemplate, recipient: Recipient, id_user: number | null): MessageDraft {
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

/** The status-change templates of these moves' campuses bound to one of their target statuses. */
async function boundTemplates(tx: Executor, moves: readonly MovedApplication[]): Promise<BoundTemplate[]> {
  const campuses = sql.join(
    [...new Set(moves.map((m) => m.id_campus))].map((id) => sql`${id}`),
    sql`, `,
  );
  const targets = sql.join(
    [...new Set(moves.map((m) => m.to))].map((id) => sql`${id}`),
    sql`, `,
  );
  return rowsOf<BoundTemplate>(
    await tx.execute(sql`
      SELECT 'email' AS channel, ce.id_campus, ce.id_status_from, ce.id_status_to, ce.id_campus_email,
             NULL::int AS id_campus_text_message, e.lng, e.subject, coalesce(e.text, '') AS text, e.html
      FROM campus_email ce JOIN email e ON e.id_school = ce.id_school AND e.id_email = ce.id_email
      WHERE ce.id_campus IN (${campuses}) AND ce.id_status_to IN (${targets})
        AND e.id_email_type = ${MESSAGE_TYPE.STATUS_CHANGE}
      UNION ALL
      SELECT 'sms', ct.id_campus, ct.id_status_from, ct.id_status_to, NULL, ct.id_campus_text_message, t.lng,
             NULL, t.text, NULL
      FROM campus_text_message ct
      JOIN text_message t ON t.id_school = ct.id_school AND t.id_text_message = ct.id_text_message
      WHERE ct.id_campus IN (${campuses}) AND ct.id_status_to IN (${targets})
        AND t.id_text_message_type = ${MESSAGE_TYPE.STATUS_CHANGE}
    `),
  );
}
