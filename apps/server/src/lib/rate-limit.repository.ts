import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounter } from '../db/schema/index';
import { sha256 } from './crypto';
import { arrayOf, rowsOf } from './sql';

/** Deletes the counters whose window has ended. */
export async function sweepExpiredCounters(db: Db) {
  await db.delete(rateLimitCounter).where(lt(rateLimitCounter.resetAt, sql`now()`));
}

/**
 * Counts one hit of `key` in its fixed window by an atomic upsert: a new or expired window starts at 1 (and, with
 * `continueExceeding`, so does a window already over `max`). Answers the count and the milliseconds left.
 */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
  max: number,
  continueExceeding: boolean,
): Promise<{ current: number; ttl: number }> {
  const newWindowEnd = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const expired = sql`${rateLimitCounter.resetAt} <= now()`;
  const restart = continueExceeding ? sql`(${expired} OR ${rateLimitCounter.hits} >= ${max})` : expired;
  const [row] = await db
    .insert(rateLimitCounter)
    .values({ key: sha256(key), hits: 1, resetAt: newWindowEnd })
    .onConflictDoUpdate({
      target: rateLimitCounter.key,
      set: {
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounter.hits} + 1 END`,
        resetAt: sql`CASE WHEN ${restart} THEN excluded.reset_at ELSE ${rateLimitCounter.resetAt} END`,
      },
    })
    .returning({
      current: rateLimitCounter.hits,
      ttl: sql<number>`GREATEST(0, CEIL(EXTRACT(EPOCH FROM ${rateLimitCounter.resetAt} - now()) * 1000))::int`,
    });
  return row;
}

/**
 * Adds hits counted elsewhere (a process's batch) to their keys' fixed windows in one statement: a new or expired
 * window starts at the batch's hits. Answers each key's count and milliseconds left, by the hashed key.
 */
export async function addHits(
  db: Db,
  batch: ReadonlyArray<{ key: string; hits: number; windowMs: number }>,
): Promise<Map<string, { current: number; ttl: number }>> {
  const hashes = batch.map((b) => sha256(b.key));
  const expired = sql`${rateLimitCounter.resetAt} <= now()`;
  const rows = rowsOf<{ key: string; current: number; ttl: number }>(
    await db.execute(sql`
      INSERT INTO ${rateLimitCounter} (key, hits, reset_at)
      SELECT k, h, now() + w * interval '1 millisecond'
      FROM unnest(${arrayOf(hashes)}::text[], ${arrayOf(batch.map((b) => b.hits))}::int[],
        ${arrayOf(batch.map((b) => b.windowMs))}::int[]) AS t(k, h, w)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN ${expired} THEN excluded.hits ELSE ${rateLimitCounter.hits} + excluded.hits END,
        reset_at = CASE WHEN ${expired} THEN excluded.reset_at ELSE ${rateLimitCounter.resetAt} END
      RETURNING key, hits AS current,
        GREATEST(0, CEIL(EXTRACT(EPOCH FROM reset_at - now()) * 1000))::int AS ttl
    `),
  );
  const byHash = new Map(rows.map((r) => [r.key, { current: r.current, ttl: r.ttl }]));
  return new Map(batch.flatMap((b, i) => (byHash.has(hashes[i]) ? [[b.key, byHash.get(hashes[i])!]] : [])));
}
