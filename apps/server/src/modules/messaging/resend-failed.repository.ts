import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FailedMessagesFilter } from '@openseat/shared/schemas/communication';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';
import { rowsOf } from '../../lib/sql';
import type { StoredMessage } from './message-copy';

const KEY_PREFIX = 'resend-failed:';
/** The key of the one copy a failed message may get from a bulk resend: a second request finds it taken. */
export const resendKeyOf = (id_message: number) => `${KEY_PREFIX}${id_message}`;
const copyOf = (o: SQL) => sql`${KEY_PREFIX}::text || ${o}.id_message::text`;

/** The caller's messages (its school; its campuses for a campus user, a message without a campus is the school's). */
function inScope(scope: Scope): SQL {
  const school = scope.id_school === null ? sql`true` : sql`o.id_school = ${scope.id_school}`;
  if (scope.campusIds === null) return school;
  if (scope.campusIds.length === 0) return sql`false`;
  return sql`${school} AND o.id_campus IN (${sql.join(
    scope.campusIds.map((c) => sql`${c}`),
    sql`, `,
  )})`;
}

/** Failed messages of the filter within the scope (alias o), with or without a copy already. */
function matching(scope: Scope, filter: FailedMessagesFilter): SQL {
  const where: SQL[] = [sql`o.status = 'failed'`, inScope(scope)];
  if (filter.channel) where.push(sql`o.channel = ${filter.channel}`);
  if (filter.from) where.push(sql`o.created_at >= ${filter.from}::timestamptz`);
  if (filter.to) where.push(sql`o.created_at < ${filter.to}::timestamptz`);
  if (filter.id_campus) where.push(sql`o.id_campus = ${filter.id_campus}`);
  if (filter.id_school) where.push(sql`o.id_school = ${filter.id_school}`);
  return sql.join(where, sql` AND `);
}

const notResent = sql`NOT EXISTS (SELECT 1 FROM message_outbox r WHERE r.idempotency_key = ${copyOf(sql`o`)})`;

/** How many failed messages of the filter have no copy yet. */
export async function countFailed(db: Executor, scope: Scope, filter: FailedMessagesFilter): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM message_outbox o WHERE ${matching(scope, filter)} AND ${notResent}`,
    ),
  );
  return row.n;
}

/** The copies of the filter's failed messages, counted by their state. */
export async function resentByState(db: Executor, scope: Scope, filter: FailedMessagesFilter) {
  const rows = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`
      SELECT r.status, count(*)::int AS n FROM message_outbox o
      JOIN message_outbox r ON r.idempotency_key = ${copyOf(sql`o`)}
      WHERE ${matching(scope, filter)}
      GROUP BY r.status
    `),
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}

/** A failed message as a copy needs it (`message-copy.ts`). */
export type FailedMessage = StoredMessage & { id_message: number; channel: 'email' | 'sms' };

/** Up to `limit` failed messages of the filter without a copy, oldest first. */
export async function failedToResend(
  db: Executor,
  scope: Scope,
  filter: FailedMessagesFilter,
  limit: number,
): Promise<FailedMessage[]> {
  return rowsOf<FailedMessage>(
    await db.execute(sql`
      SELECT o.id_message, o.id_school, o.id_campus, o.id_application, o.channel, o.id_message_type, o.recipient,
             o.subject, o.body, o.html, o.lng, o.id_campus_email, o.id_campus_text_message, o.id_reminder, o.bulk
      FROM message_outbox o
      WHERE ${matching(scope, filter)} AND ${notResent}
      ORDER BY o.created_at, o.id_message
      LIMIT ${limit}
    `),
  );
}

/** Whether the campus is one the scope sees. */
export async function campusInScope(db: Executor, scope: Scope, id_campus: number): Promise<boolean> {
  const rows = await db
    .select({ id: s.campus.id_campus })
    .from(s.campus)
    .where(and(eq(s.campus.id_campus, id_campus), inCampus(scope, s.campus.id_school, s.campus.id_campus)));
  return rows.length > 0;
}
