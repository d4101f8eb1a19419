import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { batchedHits } from './rate-limit-batch';
import { countHit, sweepExpiredCounters } from './rate-limit.repository';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
/** What @fastify/rate-limit hands a store's constructor and `child` (its types declare less than it passes). */
type LimitParams = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
  /** A route's own setting: its hits are counted in a batch per this many milliseconds (rate-limit-batch.ts). */
  batchMs?: number;
};

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * A store for @fastify/rate-limit in the app's database, so N API processes count together (a limit in
 * process memory is N times looser and forgets on restart). One fixed window per key, counted by an atomic
 * upsert; expired rows are swept now and then.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  const batches = new Map<number, ReturnType<typeof batchedHits>>();
  const batchOf = (everyMs: number) => {
    if (!batches.has(everyMs)) batches.set(everyMs, batchedHits(db, everyMs));
    return batches.get(everyMs)!;
  };

  async function sweepNowAndThen() {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await sweepExpiredCounters(db);
  }

  async function count(key: string, windowMs: number, max: number, continueExceeding: boolean): Promise<Counted> {
    const row = await countHit(db, key, windowMs, max, continueExceeding);
    await sweepNowAndThen();
    return row;
  }

  class DatabaseRateLimitStore {
    constructor(
      private readonly params: LimitParams,
      private readonly prefix = '',
    ) {
      if (params.exponentialBackoff) throw new Error('the database rate-limit store has no exponential backoff');
      if (params.batchMs && params.continueExceeding) throw new Error('a batched limit cannot continue exceeding');
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      if (this.params.batchMs) return callback(null, batchOf(this.params.batchMs).count(this.prefix + key, timeWindow));
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
