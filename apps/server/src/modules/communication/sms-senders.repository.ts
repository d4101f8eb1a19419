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

/** The Twilio account a school's SMS go through, as `smsAccountOf` decides it: its own SID, or the server's. */
const accountOf = sql`
  CASE WHEN coalesce(sc.twilio_account_sid, '') <> '' AND coalesce(sc.twilio_auth_token_encrypted, '') <> ''
       THEN 'sid:' || sc.twilio_account_sid ELSE 'server' END`;

/**
 * Serialises the changes of sender numbers and Twilio accounts: the clash check that follows sees every change
 * committed before it (held to the end of the transaction).
 */
export async function lockSenders(db: Executor) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('openseat:sms-senders'))`);
}

/**
 * A number that one of the school's campuses (or the one campus given) texts from while a campus of another school
 * texts from it too under the same Twilio account (the same SID, or both on the server's account), or null.
 */
export async function senderClashOf(db: Executor, id_school: number, id_campus?: number): Promise<string | null> {
  const [row] = rowsOf<{ number: string }>(
    await db.execute(sql`
      WITH senders AS (
        SELECT cc.id_school, cc.id_campus, ${e164Of(sql`cc.phone_number`)} AS number, ${accountOf} AS account
        FROM campus_configuration cc
        LEFT JOIN school_configuration sc ON sc.id_school = cc.id_school
        WHERE coalesce(trim(cc.phone_number), '') <> ''
      )
      SELECT mine.number FROM senders mine
      JOIN senders theirs
        ON theirs.number = mine.number AND theirs.account = mine.account AND theirs.id_school <> mine.id_school
      WHERE mine.id_school = ${id_school} ${id_campus === undefined ? sql`` : sql`AND mine.id_campus = ${id_campus}`}
      LIMIT 1
    `),
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
