import type { Db } from '../db/client';
import { addHits } from './rate-limit.repository';

type Counted = { current: number; ttl: number };

/**
 * Hits counted in this process and added to the shared counters once per `everyMs`, in one statement: for limits
 * loose enough to be a moment late (the family portal's reads, 120 a minute), where a commit per request would be
 * most of the request's database work on results day. A key's count is the database's last answer plus this
 * process's hits since, so one process alone counts exactly; the hits of other processes show from the next batch.
 * A batch the database refuses is dropped (those hits go uncounted; no request is refused for it).
 */
export function batchedHits(db: Db, everyMs: number) {
  const known = new Map<string, { current: number; resetAt: number }>();
  const pending = new Map<string, { hits: number; windowMs: number }>();
  let timer: NodeJS.Timeout | null = null;

  async function flush() {
    timer = null;
    const batch = [...pending].map(([key, p]) => ({ key, ...p }));
    pending.clear();
    if (!batch.length) return;
    const counted = await addHits(db, batch).catch(() => new Map<string, Counted>());
    const now = Date.now();
    for (const [key, { current, ttl }] of counted)
      known.set(key, { current: current + (pending.get(key)?.hits ?? 0), resetAt: now + ttl });
    for (const [key, k] of known) if (k.resetAt <= now) known.delete(key);
  }

  function addPending(key: string, windowMs: number) {
    const p = pending.get(key) ?? { hits: 0, windowMs };
    p.hits += 1;
    pending.set(key, p);
    timer ??= setTimeout(() => void flush(), everyMs);
    timer.unref();
  }

  function count(key: string, windowMs: number): Counted {
    const now = Date.now();
    let k = known.get(key);
    if (!k || k.resetAt <= now) {
      k = { current: 0, resetAt: now + windowMs };
      known.set(key, k);
    }
    k.current += 1;
    addPending(key, windowMs);
    return { current: k.current, ttl: k.resetAt - now };
  }

  /** Sends what is pending now (a test's or a shutdown's; the timer does it otherwise). */
  async function flushNow() {
    if (timer) clearTimeout(timer);
    await flush();
  }

  return { count, flushNow };
}
