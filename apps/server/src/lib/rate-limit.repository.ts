import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounter } from '../db/schema/index';
import { sha256 } from './crypto';

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
