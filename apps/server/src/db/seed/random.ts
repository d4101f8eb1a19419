/** mulberry32: a tiny seeded PRNG, so the demo data is the same on every run. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const chance = (p: number) => next() < p;
  /** Picks a key with probability proportional to its weight. */
  const weighted = <K extends string | number>(weights: ReadonlyArray<readonly [K, number]>): K => {
    const total = weights.reduce((sum, [, w]) => sum + w, 0);
    let roll = next() * total;
    for (const [key, w] of weights) if ((roll -= w) < 0) return key;
    return weights[weights.length - 1][0];
  };
  return { next, int, pick, chance, weighted };
}
export type Random = ReturnType<typeof seededRandom>;
