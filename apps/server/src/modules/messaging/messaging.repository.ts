import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Channel, MessageState } from '@openseat/shared/communication';
import type { Executor } from '../../db/client';
import { countRowsSql, EVERY_ROW, type Counting } from '../../db/bounded-count';
import * as s from '../../db/schema/index';
import { inCampus, inSchool, type Scope } from '../../lib/scope';
import { rowsOf } from '../../lib/sql';

const a = s.application;
const m = s.messageOutbox;

export type ApplicationRef = { id_application: number; id_school: number; id_campus: number; id_status: number };

const applicationRef = {
  id_application: a.id_application,
  id_school: a.id_school,
  id_campus: a.id_campus,
  id_status: a.id_status,
};

/** Live applications among `ids` that the scope sees (one query for any number of ids). */
export async function applicationsInScope(db: Executor, scope: Scope, ids: readonly number[]) {
  const found: ApplicationRef[] = [];
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    found.push(
      ...(await db
        .select(applicationRef)
        .from(a)
        .where(and(inArray(a.id_application, chunk), isNull(a.deletedAt), inCampus(scope, a.id_school, a.id_campus)))),
    );
  }
  return found;
}

export async function insertBatch(db: Executor, values: typeof s.messageBatch.$inferInsert) {
  const [row] = await db.insert(s.messageBatch).values(values).returning({ id: s.messageBatch.id_message_batch });
  return row.id;
}

/** A batch the scope sees, with its messages counted by state. */
export async function batchProgress(db: Executor, scope: Scope, id_message_batch: number) {
  const [batch] = await db
    .select({ id_message_batch: s.messageBatch.id_message_batch, requested: s.messageBatch.requested })
    .from(s.messageBatch)
    .where(
      and(
        eq(s.messageBatch.id_message_batch, id_message_batch),
        inCampus(scope, s.messageBatch.id_school, s.messageBatch.id_campus),
      ),
    );
  if (!batch) return null;
  const counts = await db
    .select({ status: m.status, n: count() })
    .from(m)
    .where(eq(m.id_message_batch, id_message_batch))
    .groupBy(m.status);
  return { ...batch, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) as Record<string, number> };
}

/** A campus user sees the messages of its campuses only (a message without a campus is the school's). */
const campusOf = (scope: Scope): SQL =>
  scope.campusIds === null
    ? sql`true`
    : scope.campusIds.length
      ? (inArray(m.id_campus, scope.campusIds) as SQL)
      : sql`false`;

/** A message the scope sees (its school, and its campus for campus users). */
export async function findMessage(db: Executor, scope: Scope, id_message: number) {
  const [row] = await db
    .select()
    .from(m)
    .where(and(eq(m.id_message, id_message), inSchool(scope, m.id_school), campusOf(scope)));
  return row;
}

/** The campus's application form for a period (one of the period, else a campus-wide one). */
export async function applicationFormUrl(
  db: Executor,
  id_school: number,
  id_campus: number,
  id_campus_year: number | null,
) {
  const f = s.campusForm;
  const [row] = await db
    .select({ url: f.form_url })
    .from(f)
    .where(
      and(
        eq(f.id_school, id_school),
        eq(f.id_campus, id_campus),
        eq(f.is_application_form, true),
        sql`${f.form_url} IS NOT NULL AND ${f.form_url} <> ''`,
        id_campus_year === null
          ? isNull(f.id_campus_year)
          : sql`(${f.id_campus_year} IS NULL OR ${f.id_campus_year} = ${id_campus_year})`,
      ),
    )
    .orderBy(sql`${f.id_campus_year} NULLS LAST`, f.id_campus_form)
    .limit(1);
  return row?.url ?? null;
}

export type LogRecord = {
  id_school: number;
  id_message: number;
  id_application: number | null;
  channel: Channel;
  id_message_type: number;
  template: string | null;
  id_campus_email: number | null;
  id_campus_text_message: number | null;
  recipient: string;
  subject: string | null;
  body: string;
  status: MessageState;
  attempts: number;
  last_error: string | null;
  author: string | null;
  school: string;
  created_at: string;
  sent_at: string | null;
  delivered_at: string | null;
};

const logSelect = sql`
  SELECT o.id_message, o.id_school, o.id_application, o.channel, o.id_message_type,
         coalesce(e.name, t.name) AS template, o.id_campus_email, o.id_campus_text_message, o.recipient, o.subject,
         o.body, o.status, o.attempts, o.last_error, u.name AS author, sch.name AS school,
         to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
         to_char(o.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS sent_at,
         to_char(o.delivered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS delivered_at
  FROM message_outbox o
  JOIN school sch ON sch.id_school = o.id_school
  LEFT JOIN campus_email ce ON ce.id_campus_email = o.id_campus_email
  LEFT JOIN email e ON e.id_email = ce.id_email
  LEFT JOIN campus_text_message ct ON ct.id_campus_text_message = o.id_campus_text_message
  LEFT JOIN text_message t ON t.id_text_message = ct.id_text_message
  LEFT JOIN "user" u ON u.id_user = o.id_user`;

async function pageOfLog(db: Executor, where: SQL, page: number, pageSize: number, counting: Counting) {
  const rows = rowsOf<LogRecord>(
    await db.execute(
      sql`${logSelect} WHERE ${where} ORDER BY o.created_at DESC, o.id_message DESC LIMIT ${pageSize} OFFSET ${page * pageSize}`,
    ),
  );
  return { rows, total: await countRowsSql(db, sql`FROM message_outbox o WHERE ${where}`, counting) };
}

/** The messages of one application (its school's rows only), newest first; a few, counted exactly. */
export const applicationLog = (
  db: Executor,
  ref: { id_school: number; id_application: number },
  page: number,
  pageSize: number,
) =>
  pageOfLog(
    db,
    sql`o.id_school = ${ref.id_school} AND o.id_application = ${ref.id_application}`,
    page,
    pageSize,
    EVERY_ROW,
  );

/** The outbox of every school the scope sees, filtered; counted as `counting` says (it grows with every message). */
export function outbox(
  db: Executor,
  scope: Scope,
  filter: { status?: MessageState; channel?: Channel; id_school?: number },
  page: number,
  pageSize: number,
  counting: Counting,
) {
  const conditions: SQL[] = [scope.id_school === null ? sql`true` : sql`o.id_school = ${scope.id_school}`];
  if (filter.status) conditions.push(sql`o.status = ${filter.status}`);
  if (filter.channel) conditions.push(sql`o.channel = ${filter.channel}`);
  if (filter.id_school) conditions.push(sql`o.id_school = ${filter.id_school}`);
  return pageOfLog(db, sql.join(conditions, sql` AND `), page, pageSize, counting);
}

// ---- opt-outs ----

export async function addOptOut(
  db: Executor,
  rows: Array<{ id_school: number; channel: Channel; address: string; source: string }>,
) {
  if (rows.length === 0) return;
  await db.insert(s.communicationOptOut).values(rows).onConflictDoNothing();
}

export async function removeOptOut(db: Executor, id_schools: number[], channel: Channel, address: string) {
  if (id_schools.length === 0) return;
  await db
    .delete(s.communicationOptOut)
    .where(
      and(
        inArray(s.communicationOptOut.id_school, id_schools),
        eq(s.communicationOptOut.channel, channel),
        eq(s.communicationOptOut.address, address),
      ),
    );
}

/** The school and state of a message by the provider's id (Twilio's MessageSid). */
export async function messageOfProviderId(db: Executor, providerId: string) {
  const [row] = await db
    .select({ id_school: m.id_school, status: m.status })
    .from(m)
    .where(eq(m.providerId, providerId))
    .limit(1);
  return row ?? null;
}

/** The batch of the messages an Idempotency-Key already queued (a repeated send-multiple), or null. */
export async function batchOfKeyPrefix(db: Executor, prefix: string): Promise<number | null> {
  const [row] = await db
    .select({ id: m.id_message_batch })
    .from(m)
    .where(sql`left(${m.idempotencyKey}, ${prefix.length}) = ${prefix}`)
    .limit(1);
  return row?.id ?? null;
}

/**
 * Schools that have texted this number (E.164) from a campus without a number of its own, that is from the
 * server's shared TWILIO_FROM.
 */
export async function schoolsThatTextedFromShared(db: Executor, e164: string): Promise<number[]> {
  const rows = rowsOf<{ id_school: number }>(
    await db.execute(sql`
      SELECT DISTINCT o.id_school FROM message_outbox o
      LEFT JOIN campus_configuration cc ON cc.id_campus = o.id_campus
      WHERE o.channel = 'sms' AND o.recipient = ${e164} AND coalesce(trim(cc.phone_number), '') = ''
    `),
  );
  return rows.map((r) => r.id_school);
}
