import { createHash } from 'node:crypto';
import { uniformOf } from '../../lib/lottery-number';

/*
 * The lottery draw, version 1: a pure function of a seed and the inputs, so anyone holding the published record can
 * run it again and get the same result. docs/lottery-algorithm.md states every rule precisely enough to
 * re-implement it; scripts/verify-lottery.mjs is such an independent re-implementation (plain Node, no packages).
 */

export const LOTTERY_ALGORITHM = 'openseat-lottery-v1';

/** A grade of the school period: drawn in `position` order; `seats` free seats; `waitingBefore` already waiting. */
export type DrawGrade = { id_grade: number; position: number; seats: number; waitingBefore: number };

/**
 * One applied application. `level`: its priority level on the campus (lower is drawn first; no priority item is
 * the level after the campus's last). `weight` > 0 raises its odds inside its level. `family`: the smallest
 * application id among its siblings in the period (null without siblings).
 */
export type DrawEntry = {
  id_application: number;
  id_grade: number;
  level: number;
  weight: number;
  family: number | null;
};

export type DrawInputs = {
  grades: DrawGrade[];
  entries: DrawEntry[];
  /** The level a sibling of a winner moves to for the rest of the draw; null: the sibling rule is off. */
  siblingLevel: number | null;
  /** Families that already hold a seat in the period before the draw (their members count as siblings of a winner). */
  seatedFamilies: number[];
};

export type DrawOutcome = {
  id_application: number;
  id_grade: number;
  result: 'selected' | 'waiting';
  /** 1-based order inside the grade: the selected first, then the waiting list. */
  order: number;
  /** Rank inside (grade, priority level as applied) by the random key: "why is B ahead of A". */
  lottery_number: number;
  /** The level it was drawn at: its own, or the sibling level when a sibling won first. */
  level: number;
  sibling: boolean;
  waiting_list_position: number | null;
};

/** The entry's uniform number (lib/lottery-number.ts, where the match draws it too). */
export { uniformOf };

/** Weighted random key (Efraimidis–Spirakis): u^(1/w); a larger key is drawn first. Weight 1 keeps u itself. */
export const keyOf = (u: number, weight: number) => (weight === 1 ? u : u ** (1 / weight));

/** `at`: the effective level the entry was last sorted at (see `draw`). */
type Ranked = DrawEntry & { key: number; lottery_number: number; at: number };

/** Larger key first, then the smaller id (a tie of 48-bit keys is all but impossible, but must be decided). */
const byKey = (x: Ranked, y: Ranked) => y.key - x.key || x.id_application - y.id_application;

/** Lottery numbers: 1..k inside each (grade, level) by key. */
function rank(seedHex: string, entries: DrawEntry[]): Ranked[] {
  const seed = Buffer.from(seedHex, 'hex');
  // a literal, not a spread: 10,000 of them, and the spread costs as much as the HMACs
  const ranked = entries.map((e) => ({
    id_application: e.id_application,
    id_grade: e.id_grade,
    level: e.level,
    weight: e.weight,
    family: e.family,
    key: keyOf(uniformOf(seed, e.id_application), e.weight),
    lottery_number: 0,
    at: e.level,
  }));
  const cohorts = new Map<string, Ranked[]>();
  for (const e of ranked) {
    const k = `${e.id_grade}:${e.level}`;
    const cohort = cohorts.get(k);
    if (cohort) cohort.push(e);
    else cohorts.set(k, [e]);
  }
  for (const cohort of cohorts.values()) cohort.sort(byKey).forEach((e, i) => (e.lottery_number = i + 1));
  return ranked;
}

/** Effective level, then key, then id: the draw's total order (negative: `x` comes first). */
const drawOrder = (x: Ranked, y: Ranked) => x.at - y.at || byKey(x, y);

/** The first index of the sorted `pool[from..]` whose entry does not come before `e` (binary search). */
function lowerBound(pool: Ranked[], from: number, e: Ranked) {
  let [lo, hi] = [from, pool.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (drawOrder(pool[mid], e) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Runs the draw. Grades in `position` order; inside a grade, seat by seat, the entry with the lowest effective level,
 * then the largest key, then the smallest id wins. The effective level is the sibling level (when lower) for an
 * entry whose family already won a seat in this draw or held one before it. The rest of the grade goes to the
 * waiting list in the same order, after the `waitingBefore` applications already on it.
 */
export function draw(seedHex: string, inputs: DrawInputs): DrawOutcome[] {
  const ranked = rank(seedHex, inputs.entries);
  const winners = new Set(inputs.seatedFamilies);
  const boosted = (e: Ranked) =>
    inputs.siblingLevel !== null && e.family !== null && winners.has(e.family) && inputs.siblingLevel < e.level;
  const levelOf = (e: Ranked) => (boosted(e) ? (inputs.siblingLevel as number) : e.level);

  const byGrade = new Map<number, Ranked[]>();
  for (const e of ranked) {
    const pool = byGrade.get(e.id_grade);
    if (pool) pool.push(e);
    else byGrade.set(e.id_grade, [e]);
  }
  const outcomes: DrawOutcome[] = [];
  const grades = [...inputs.grades].sort((x, y) => x.position - y.position || x.id_grade - y.id_grade);
  for (const grade of grades) {
    // kept in order under the current winners: the next seat is always the first of the pool
    const pool = byGrade.get(grade.id_grade) ?? [];
    for (const e of pool) e.at = levelOf(e);
    pool.sort(drawOrder);
    const families = new Map<number, Ranked[]>();
    for (const e of pool) {
      if (e.family === null) continue;
      const members = families.get(e.family);
      if (members) members.push(e);
      else families.set(e.family, [e]);
    }
    let order = 0;
    const outcome = (e: Ranked, result: DrawOutcome['result'], place: number | null): DrawOutcome => ({
      id_application: e.id_application,
      id_grade: e.id_grade,
      result,
      order: ++order,
      lottery_number: e.lottery_number,
      level: levelOf(e),
      sibling: boosted(e),
      waiting_list_position: place,
    });
    let next = 0;
    for (let seat = 0; seat < grade.seats && next < pool.length; seat++) {
      const winner = pool[next++];
      outcomes.push(outcome(winner, 'selected', null));
      if (inputs.siblingLevel !== null && winner.family !== null && !winners.has(winner.family)) {
        // a family's first win lifts its members still in the pool: each moves up to its place under the new level
        // (the rest stays sorted, so this is the order a full sort gives; a sort per win made a draw quadratic)
        winners.add(winner.family);
        for (const member of families.get(winner.family) ?? []) {
          const at = levelOf(member);
          if (at === member.at) continue;
          const from = lowerBound(pool, next, member);
          if (pool[from] !== member) continue; // drawn already
          pool.splice(from, 1);
          member.at = at;
          pool.splice(lowerBound(pool, next, member), 0, member);
        }
      }
    }
    for (let i = next; i < pool.length; i++)
      outcomes.push(outcome(pool[i], 'waiting', grade.waitingBefore + i - next + 1));
  }
  return outcomes;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The inputs as canonical text (docs/lottery-algorithm.md, "Canonical inputs"): what `inputsHash` covers. Its first
 * line names the algorithm the inputs are drawn by (v2 draws the same way from a seed made differently).
 */
export function canonicalInputs(inputs: DrawInputs, algorithm: string = LOTTERY_ALGORITHM): string {
  const grades = [...inputs.grades].sort((x, y) => x.position - y.position || x.id_grade - y.id_grade);
  const entries = [...inputs.entries].sort((x, y) => x.id_application - y.id_application);
  const lines = [
    algorithm,
    `sibling_level,${inputs.siblingLevel ?? ''}`,
    `seated_families,${[...inputs.seatedFamilies].sort((x, y) => x - y).join(' ')}`,
    ...grades.map((g) => `grade,${g.id_grade},${g.position},${g.seats},${g.waitingBefore}`),
    ...entries.map((e) => `entry,${e.id_application},${e.id_grade},${e.level},${e.weight},${e.family ?? ''}`),
  ];
  return lines.join('\n') + '\n';
}

/** The result as canonical text, in draw order: what `resultHash` covers. */
export function canonicalResult(outcomes: DrawOutcome[]): string {
  return outcomes
    .map(
      (o) =>
        `result,${o.id_application},${o.id_grade},${o.result},${o.order},${o.lottery_number},${o.level},${o.sibling ? 1 : 0},${o.waiting_list_position ?? ''}`,
    )
    .map((line) => line + '\n')
    .join('');
}

export const inputsHash = (inputs: DrawInputs, algorithm: string = LOTTERY_ALGORITHM) =>
  sha256Hex(canonicalInputs(inputs, algorithm));
export const resultHash = (outcomes: DrawOutcome[]) => sha256Hex(canonicalResult(outcomes));
/** Published before the draw (presentation mode): the seed itself only after it. */
export const seedHash = (seedHex: string) => sha256Hex(seedHex);
