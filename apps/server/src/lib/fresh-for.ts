/**
 * A read kept in process memory for a short time, for figures many callers share and may see a little late (a grade's
 * waiting list on results day, read by every family on it). Concurrent callers of a key wait on the same read; a
 * failed read is not kept. Entries past their time are dropped as new ones come, so the map holds at most the keys
 * read within `ms` (and never more than `maxKeys`).
 */
export function freshFor<K, V>(ms: number, read: (key: K) => Promise<V>, maxKeys = 10_000) {
  const kept = new Map<string, { until: number; value: Promise<V> }>();

  function dropStale(now: number) {
    for (const [id, entry] of kept) {
      if (entry.until > now && kept.size < maxKeys) break;
      kept.delete(id);
    }
  }

  return (key: K, now = Date.now()): Promise<V> => {
    if (ms <= 0) return read(key);
    const id = JSON.stringify(key);
    const entry = kept.get(id);
    if (entry && entry.until > now) return entry.value;
    kept.delete(id);
    dropStale(now);
    const value = read(key);
    kept.set(id, { until: now + ms, value });
    value.catch(() => {
      if (kept.get(id)?.value === value) kept.delete(id);
    });
    return value;
  };
}
