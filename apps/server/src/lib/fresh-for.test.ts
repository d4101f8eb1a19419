import { describe, expect, it } from 'vitest';
import { freshFor } from './fresh-for';

/** A read that counts its calls and answers the count, or fails when told to. */
function countingRead() {
  const calls: string[] = [];
  let failNext = false;
  const read = async (key: { list: number }) => {
    calls.push(JSON.stringify(key));
    if (failNext) {
      failNext = false;
      throw new Error('read failed');
    }
    return calls.length;
  };
  return { calls, read, failNext: () => (failNext = true) };
}

describe('freshFor', () => {
  it('answers the kept read within its time and reads again after it', async () => {
    const { calls, read } = countingRead();
    const kept = freshFor(30_000, read);
    expect(await kept({ list: 1 }, 0)).toBe(1);
    expect(await kept({ list: 1 }, 29_999)).toBe(1);
    expect(await kept({ list: 1 }, 30_000)).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('keeps each key apart and lets concurrent callers share one read', async () => {
    const { calls, read } = countingRead();
    const kept = freshFor(1000, read);
    const [a, b, c] = await Promise.all([kept({ list: 1 }, 0), kept({ list: 1 }, 0), kept({ list: 2 }, 0)]);
    expect([a, b]).toEqual([1, 1]);
    expect(c).toBe(2);
    expect(calls).toEqual(['{"list":1}', '{"list":2}']);
  });

  it('does not keep a failed read', async () => {
    const { read, failNext } = countingRead();
    const kept = freshFor(1000, read);
    failNext();
    await expect(kept({ list: 1 }, 0)).rejects.toThrow('read failed');
    expect(await kept({ list: 1 }, 1)).toBe(2);
  });

  it('reads every time with no freshness, and holds no more keys than allowed', async () => {
    const { calls, read } = countingRead();
    const every = freshFor(0, read);
    await every({ list: 1 }, 0);
    await every({ list: 1 }, 0);
    expect(calls).toHaveLength(2);

    const few = freshFor(60_000, read, 2);
    await few({ list: 1 }, 0);
    await few({ list: 2 }, 0);
    await few({ list: 3 }, 0); // the oldest key makes room
    expect(await few({ list: 1 }, 1)).toBe(calls.length);
    expect(await few({ list: 3 }, 1)).toBe(5);
  });
});
