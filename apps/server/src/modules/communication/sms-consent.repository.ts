import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { arrayOf, rowsOf } from '../../lib/sql';

const c = s.smsConsent;

export type NewSmsConsent = typeof c.$inferInsert;

/** The addresses among these whose newest consent row at the school grants texts. */
export async function consentingAddresses(db: Executor, id_school: number, addresses: string[]) {
  if (addresses.length === 0) return new Set<string>();
  const rows = rowsOf<{ address: string }>(
    await db.execute(sql`
      SELECT address FROM (
        SELECT DISTINCT ON (address) address, granted FROM sms_consent
        WHERE id_school = ${id_school} AND address = ANY(${arrayOf([...new Set(addresses)])}::text[])
        ORDER BY address, created_at DESC, id_sms_consent DESC
      ) newest
      WHERE granted
    `),
  );
  return new Set(rows.map((r) => r.address));
}

export async function insertConsents(db: Executor, rows: NewSmsConsent[]) {
  if (rows.length === 0) return;
  await db.insert(c).values(rows);
}

/** A phone's consent history at the school, newest first, with the name of the staff member who recorded each. */
export function consentHistory(db: Executor, id_school: number, address: string, limit: number) {
  return db
    .select({
      granted: c.granted,
      source: c.source,
      note: c.note,
      id_application: c.id_application,
      at: c.createdAt,
      recordedBy: s.user.name,
    })
    .from(c)
    .leftJoin(s.user, eq(s.user.id_user, c.id_user))
    .where(and(eq(c.id_school, id_school), eq(c.address, address)))
    .orderBy(desc(c.createdAt), desc(c.id_sms_consent))
    .limit(limit);
}
