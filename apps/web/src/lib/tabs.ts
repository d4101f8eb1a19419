/**
 * Coordination between the tabs of one browser, which share the refresh cookie: one refresh at a time
 * (Web Locks, or a BroadcastChannel hand-off where Web Locks are missing), and sign-in / sign-out notices.
 */

/** Longest a tab may hold the refresh lock in the fallback before others stop waiting for it. */
const FALLBACK_HOLD_MS = 10_000;

export type Exclusive = <T>(task: () => Promise<T>) => Promise<T>;

/** Runs tasks one at a time across the browser's tabs. */
export function acrossTabs(name: string): Exclusive {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // the lock is held until the task's promise settles; request() resolves with the task's result
  if (locks) return <T>(task: () => Promise<T>) => locks.request(name, task) as Promise<unknown> as Promise<T>;
  if (typeof BroadcastChannel === 'undefined') return (task) => task();
  return broadcastLock(name);
}

type LockMessage = { kind: 'claim'; id: string; at: number } | { kind: 'release'; id: string };
type Claim = { id: string; at: number; seenAt: number };

/** Time for claims made at the same instant in other tabs to arrive before the first in line goes. */
const SETTLE_MS = 40;

/**
 * A queue of claims kept by every tab from the channel's messages: a tab runs when its claim is the oldest
 * (ties broken by id), and removes it when done. A claim of a tab that closed mid-task expires after the hold
 * limit. Should two claims still cross, the server's grace window answers both with the same successor.
 */
function broadcastLock(name: string): Exclusive {
  const channel = new BroadcastChannel(`openseat-lock:${name}`);
  const tabId = Math.random().toString(36).slice(2);
  let counter = 0;
  const claims = new Map<string, Claim>();
  const wakers = new Set<() => void>();
  const wakeAll = () => wakers.forEach((wake) => wake());
  channel.onmessage = (event: MessageEvent<LockMessage>) => {
    const message = event.data;
    if (message.kind === 'claim') claims.set(message.id, { id: message.id, at: message.at, seenAt: Date.now() });
    else claims.delete(message.id);
    wakeAll();
  };
  const firstInLine = () =>
    [...claims.values()]
      .filter((c) => Date.now() - c.seenAt < FALLBACK_HOLD_MS)
      .sort((a, b) => a.at - b.at || a.id.localeCompare(b.id))[0]?.id;
  const change = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  return async <T>(task: () => Promise<T>) => {
    const id = `${tabId}:${counter++}`;
    const at = Date.now();
    claims.set(id, { id, at, seenAt: at });
    channel.postMessage({ kind: 'claim', id, at } satisfies LockMessage);
    await change(SETTLE_MS);
    while (firstInLine() !== id) await change(FALLBACK_HOLD_MS);
    try {
      return await task();
    } finally {
      claims.delete(id);
      channel.postMessage({ kind: 'release', id } satisfies LockMessage);
      wakeAll();
    }
  };
}

export type TabNotice = { type: 'signed-out' } | { type: 'signed-in'; identity: string };

export type TabNotices = { post: (notice: TabNotice) => void; listen: (handler: (notice: TabNotice) => void) => void };

/** Sign-in and sign-out notices to the browser's other tabs (no-op without BroadcastChannel). */
export function tabNotices(name: string): TabNotices {
  if (typeof BroadcastChannel === 'undefined') return { post: () => {}, listen: () => {} };
  const channel = new BroadcastChannel(name);
  return {
    post: (notice) => channel.postMessage(notice),
    listen: (handler) => {
      channel.onmessage = (event: MessageEvent<TabNotice>) => handler(event.data);
    },
  };
}
