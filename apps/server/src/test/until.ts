import { setTimeout as delay } from 'node:timers/promises';

/** Polls `probe` until it answers something, or fails naming `what` after `ms`: a wait for a condition, not a sleep. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  ms = 15_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await delay(100);
  }
}
