import { sql } from 'drizzle-orm';
import { MESSAGE_TYPE, type Channel } from '@openseat/shared/communication';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../lib/sql';
import type { MovedApplication } from './communication.types';

/** A status-change template bound to a campus's move (from -> to), e-mail or SMS, with its content. */
export type BoundTemplate = {
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

/** The status-change templates of these moves' campuses bound to one of their target statuses. */
export async function boundTemplates(tx: Executor, moves: readonly MovedApplication[]): Promise<BoundTemplate[]> {
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
