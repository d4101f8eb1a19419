import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../lib/sql';

/**
 * A stored phone number read as `addressKey('sms', ...)` reads it: its digits after a +, or +1 before a bare
 * 10-digit number.
 */
export const e164Of = (column: SQL) => sql`
  CASE WHEN left(trim(${column}), 1) = '+' OR length(regexp_replace(${column}, '\\D', '', 'g')) <> 10
       THEN '+' || regexp_replace(${column}, '\\D', '', 'g')
       ELSE '+1' || regexp_replace(${column}, '\\D', '', 'g') END`;

/**
 * Serialises the changes of sender numbers and Twilio accounts: the clash check that follows sees every change
 * committed before it (held to the end of the transaction).
 */
export async function lockSenders(db: Executor) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('openseat:sms-senders'))`);
}

/**
 * A number that one of the school's campuses (or the one campus given) texts from while a campus of another school
 * texts from it too under the same Twilio account (the same SID, or both on the server's account), or null. Other
 * schools' rows are out of a request's reach under row-level security: the database function (migration 0049) runs
 * as the tables' owner and answers with the caller's own number only.
 */
export async function senderClashOf(db: Executor, id_school: number, id_campus?: number): Promise<string | null> {
  const [row] = rowsOf<{ number: string | null }>(
    await db.execute(sql`SELECT openseat_sms_sender_clash(${id_school}::int, ${id_campus ?? null}::int) AS number`),
  );
  return row?.number ?? null;
}

/** Schools with a campus whose phone number is `e164` (compared as E.164, see `e164Of`). */
export async function schoolsOfCampusPhone(db: Executor, e164: string): Promise<number[]> {
  const rows = rowsOf<{ id_school: number }>(
    await db.execute(sql`
      SELECT DISTINCT id_school FROM campus_configuration
      WHERE coalesce(trim(phone_number), '') <> '' AND ${e164Of(sql`phone_number`)} = ${e164}
    `),
  );
  return rows.map((r) => r.id_school);
}
