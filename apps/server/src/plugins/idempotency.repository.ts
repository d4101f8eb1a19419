import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKey as k } from '../db/schema/index';

// The Idempotency-Key records (plugins/idempotency.ts).

/**
 * Takes the key for this request: a new row, or an expired one taken over in the same statement. Answers whether
 * it is this request's to run.
 */
export async function claimKey(db: Db, row: { key: string; id_user: number; requestHash: string; lifetimeMs: number }) {
  const expiresAt = sql`now() + ${`${row.lifetimeMs} milliseconds`}::interval`;
  const claimed = await db
    .insert(k)
    .values({ key: row.key, id_user: row.id_user, requestHash: row.requestHash, expiresAt })
    .onConflictDoUpdate({
      target: k.key,
      set: {
        requestHash: row.requestHash,
        state: 'running',
        statusCode: null,
        contentType: null,
        body: null,
        createdAt: sql`now()`,
        expiresAt,
      },
      setWhere: lt(k.expiresAt, sql`now()`),
    })
    .returning({ key: k.key });
  return claimed.length > 0;
}

export async function findKey(db: Db, key: string) {
  const [row] = await db
    .select({
      requestHash: k.requestHash,
      state: k.state,
      statusCode: k.statusCode,
      contentType: k.contentType,
      body: k.body,
      abandoned: sql<boolean>`${k.createdAt} < now() - interval '5 minutes'`,
    })
    .from(k)
    .where(eq(k.key, key));
  return row ?? null;
}

/** A run left 'running' by a process that died: the first repeat to come takes it over. */
export async function takeOverAbandoned(db: Db, key: string) {
  const rows = await db
    .update(k)
    .set({ createdAt: sql`now()` })
    .where(and(eq(k.key, key), eq(k.state, 'running'), lt(k.createdAt, sql`now() - interval '5 minutes'`)))
    .returning({ key: k.key });
  return rows.length > 0;
}

export async function completeKey(
  db: Db,
  key: string,
  answer: { statusCode: number; contentType: string; body: string },
) {
  await db
    .update(k)
    .set({ state: 'done', ...answer })
    .where(eq(k.key, key));
}

/** The first request failed (or answered something not worth replaying): a repeat runs afresh. */
export async function releaseKey(db: Db, key: string) {
  await db.delete(k).where(and(eq(k.key, key), eq(k.state, 'running')));
}

export async function deleteExpiredKeys(db: Db) {
  const rows = await db
    .delete(k)
    .where(lt(k.expiresAt, sql`now()`))
    .returning({ key: k.key });
  return rows.length;
}
