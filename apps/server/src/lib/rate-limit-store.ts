import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounter } from '../db/schema/index';
import { sha256 } from './crypto';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
/** What @fastify/rate-limit hands a store's constructor and `child` (its types declare less than it passes). */
type LimitParams = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
};

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * A store for @fastify/rate-limit in the app's database, so N API processes count together (a limit in
 * process memory is N times looser and forgets on restart). One fixed window per key, counted by an atomic
 * upsert; expired rows are swept now and then.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;

  async function sweepNowAndThen() {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await db.delete(rateLimitCounter).where(lt(rateLimitCounter.resetAt, sql`now()`));
  }

  async function count(key: string, windowMs: number, max: number, continueExceeding: boolean): Promise<Counted> {
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
    await sweepNowAndThen();
    return row;
  }

  class DatabaseRateLimitStore {
    constructor(
      private readonly params: LimitParams,
      private readonly prefix = '',
    ) {
      if (params.exponentialBackoff) throw new Error('the database rate-limit store has no exponential backoff');
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      count(this.prefix + key, timeWindow, max, Boolean(this.params.continueExceeding)).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** One counter space per route (or per group), as the Redis store of the plugin does. */
    child(params: LimitParams) {
      const route = params.groupId ?? `${params.routeInfo?.method ?? ''}${params.routeInfo?.url ?? ''}`;
      return new DatabaseRateLimitStore(params, `${this.prefix}${route}-`);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
