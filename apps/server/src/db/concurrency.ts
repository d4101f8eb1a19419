/*
 * Whether an executor can run two statements at once: a server's pool hands each its own session; PGlite has one
 * session, and a transaction is one session on either database. Noted when the app opens the database, by the
 * Drizzle instance it opened (a transaction's executor is another object, so it reads as one session).
 */

const pools = new WeakSet<object>();

/** Notes that `db` runs on a pool of server sessions. */
export function notePool(db: object) {
  pools.add(db);
}

/** Whether independent reads sent at once through `executor` run at the same time (on two sessions). */
export const runsConcurrently = (executor: object) => pools.has(executor);
