import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalInputs,
  canonicalResult,
  draw,
  inputsHash,
  keyOf,
  resultHash,
  seedHash,
  uniformOf,
  type DrawEntry,
  type DrawGrade,
  type DrawInputs,
  type DrawOutcome,
} from './lottery.draw';
import { DICE_COUNT, LOTTERY_ALGORITHM_V2, seedOf } from './lottery.seed';

/*
 * The pure draw (algorithm v1): determinism, the ordering rules, seats, waiting-list positions, lottery numbers, the
 * sibling rule and the fairness of the random order (chi-square over 2,000 fixed seeds, so the test is deterministic).
 */

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const SEED = sha('openseat draw tests');

const grade = (id_grade: number, seats: number, position = id_grade, waitingBefore = 0): DrawGrade => ({
  id_grade,
  position,
  seats,
  waitingBefore,
});
const entry = (id_application: number, id_grade: number, level = 1, weight = 1, family: number | null = null) => ({
  id_application,
  id_grade,
  level,
  weight,
  family,
});
const inputsOf = (grades: DrawGrade[], entries: DrawEntry[], more: Partial<DrawInputs> = {}): DrawInputs => ({
  grades,
  entries,
  siblingLevel: null,
  seatedFamilies: [],
  ...more,
});
const ids = (outcomes: DrawOutcome[]) => outcomes.map((o) => o.id_application);
const selected = (outcomes: DrawOutcome[]) => ids(outcomes.filter((o) => o.result === 'selected'));
const byId = (outcomes: DrawOutcome[], id: number) => outcomes.find((o) => o.id_application === id)!;

/** 30 applicants over 3 levels of one grade with 10 seats. */
const crowd = () =>
  inputsOf(
    [grade(1, 10)],
    Array.from({ length: 30 }, (_, i) => entry(i + 1, 1, 1 + (i % 3))),
  );

describe('the draw: determinism', () => {
  it('gives the same result (and hashes) for the same seed and inputs, whatever order the inputs come in', () => {
    const inputs = crowd();
    const shuffled = { ...inputs, entries: [...inputs.entries].reverse(), grades: [...inputs.grades].reverse() };
    expect(draw(SEED, shuffled)).toEqual(draw(SEED, inputs));
    expect(resultHash(draw(SEED, inputs))).toBe(resultHash(draw(SEED, shuffled)));
    expect(inputsHash(shuffled)).toBe(inputsHash(inputs));
  });

  it('gives another order for another seed', () => {
    const inputs = inputsOf(
      [grade(1, 5)],
      Array.from({ length: 20 }, (_, i) => entry(i + 1, 1)),
    );
    expect(ids(draw(sha('seed a'), inputs))).not.toEqual(ids(draw(sha('seed b'), inputs)));
    expect(resultHash(draw(sha('seed a'), inputs))).not.toBe(resultHash(draw(sha('seed b'), inputs)));
  });

  it('reproduces the test vector of docs/lottery-algorithm.md', () => {
    const seed = sha('openseat test vector 1');
    expect(seed).toBe('77ca397ce039aec43b836e526c02d7e10eb2276be48c58415079ff9dff7a602d');
    expect(seedHash(seed)).toBe('fc78fdf782e91bc29a08c2e4480914c1121b0760b896b81668dc8910794d0c20');
    expect(uniformOf(seed, 103)).toBe(0.5204548011126153);
    expect(keyOf(uniformOf(seed, 103), 2)).toBe(0.7214255340037635);
    const inputs = inputsOf(
      [grade(20, 1, 2, 1), grade(10, 2, 1, 0)],
      [
        entry(101, 10, 1, 1, 101),
        entry(102, 10, 2, 1),
        entry(103, 10, 2, 2),
        entry(104, 10, 3, 1),
        entry(105, 20, 3, 1, 101),
        entry(106, 20, 2, 1.5),
      ],
      { siblingLevel: 1 },
    );
    expect(canonicalInputs(inputs)).toBe(
      [
        'openseat-lottery-v1',
        'sibling_level,1',
        'seated_families,',
        'grade,10,1,2,0',
        'grade,20,2,1,1',
        'entry,101,10,1,1,101',
        'entry,102,10,2,1,',
        'entry,103,10,2,2,',
        'entry,104,10,3,1,',
        'entry,105,20,3,1,101',
        'entry,106,20,2,1.5,',
        '',
      ].join('\n'),
    );
    expect(inputsHash(inputs)).toBe('d59827a9ce9deed0c0494cfc4eaa846beeda6774ba563435f456f17e6087f952');
    const result = draw(seed, inputs);
    expect(canonicalResult(result)).toBe(
      [
        'result,101,10,selected,1,1,1,0,',
        'result,103,10,selected,2,1,2,0,',
        'result,102,10,waiting,3,2,2,0,1',
        'result,104,10,waiting,4,1,3,0,2',
        'result,105,20,selected,1,1,1,1,',
        'result,106,20,waiting,2,1,2,0,2',
        '',
      ].join('\n'),
    );
    expect(resultHash(result)).toBe('b9c571945bfd176a86bf7616c0e1f925b514f116753a6b002df0e0ba02610abc');
  });

  it('keeps every uniform inside (0, 1) and weight 1 as u itself', () => {
    for (let id = 1; id <= 500; id++) {
      const u = uniformOf(SEED, id);
      expect(u).toBeGreaterThan(0);
      expect(u).toBeLessThan(1);
      expect(keyOf(u, 1)).toBe(u);
      expect(keyOf(u, 3)).toBeGreaterThan(u);
    }
  });
});

describe('the draw: order, seats and positions', () => {
  it('draws a lower priority level first, whatever the keys', () => {
    const result = draw(SEED, crowd());
    const levels = result.map((o) => o.level);
    expect(levels).toEqual([...levels].sort((x, y) => x - y));
    expect(result.filter((o) => o.result === 'selected').every((o) => o.level === 1)).toBe(true);
  });

  it('orders inside a level by lottery number (the key rank)', () => {
    const result = draw(SEED, crowd());
    for (const level of [1, 2, 3]) {
      const numbers = result.filter((o) => o.level === level).map((o) => o.lottery_number);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
  });

  it("gives each grade its own seats, drawn in the grades' position order", () => {
    const inputs = inputsOf(
      [grade(7, 3, 2), grade(8, 1, 1), grade(9, 0, 3)],
      Array.from({ length: 15 }, (_, i) => entry(i + 1, 7 + (i % 3))),
    );
    const result = draw(SEED, inputs);
    expect([...new Set(result.map((o) => o.id_grade))]).toEqual([8, 7, 9]);
    expect(result.filter((o) => o.id_grade === 7 && o.result === 'selected')).toHaveLength(3);
    expect(result.filter((o) => o.id_grade === 8 && o.result === 'selected')).toHaveLength(1);
    expect(result.filter((o) => o.id_grade === 9 && o.result === 'selected')).toHaveLength(0);
    for (const g of [7, 8, 9]) {
      const orders = result.filter((o) => o.id_grade === g).map((o) => o.order);
      expect(orders).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('offers everyone a seat when there are fewer applicants than seats', () => {
    const result = draw(SEED, inputsOf([grade(1, 10)], [entry(1, 1), entry(2, 1, 2), entry(3, 1, 3)]));
    expect(result.every((o) => o.result === 'selected' && o.waiting_list_position === null)).toBe(true);
    expect(selected(result)).toHaveLength(3);
  });

  it('puts everyone on the waiting list when the grade has no seats, positions 1..M', () => {
    const inputs = inputsOf(
      [grade(1, 0)],
      Array.from({ length: 6 }, (_, i) => entry(i + 1, 1, 1 + (i % 2))),
    );
    const result = draw(SEED, inputs);
    expect(result.every((o) => o.result === 'waiting')).toBe(true);
    expect(result.map((o) => o.waiting_list_position)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('numbers the waiting list densely after the applications already waiting', () => {
    const inputs = inputsOf(
      [grade(1, 2, 1, 3), grade(2, 1, 2, 0)],
      Array.from({ length: 12 }, (_, i) => entry(i + 1, 1 + (i % 2), 1 + (i % 3))),
    );
    const result = draw(SEED, inputs);
    const places = (g: number) =>
      result.filter((o) => o.id_grade === g && o.result === 'waiting').map((o) => o.waiting_list_position);
    expect(places(1)).toEqual([4, 5, 6, 7]);
    expect(places(2)).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives lottery numbers 1..k inside each (grade, own level)', () => {
    const inputs = inputsOf(
      [grade(1, 3), grade(2, 2)],
      Array.from({ length: 40 }, (_, i) => entry(i + 1, 1 + (i % 2), 1 + (i % 4), 1 + (i % 3))),
    );
    const result = draw(SEED, inputs);
    for (const g of [1, 2])
      for (const level of [1, 2, 3, 4]) {
        const numbers = result
          .filter(
            (o) =>
              o.id_grade === g && inputs.entries.find((e) => e.id_application === o.id_application)!.level === level,
          )
          .map((o) => o.lottery_number)
          .sort((x, y) => x - y);
        expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      }
  });

  it('leaves out entries of a grade that is not in the inputs (the caller must give every grade)', () => {
    expect(draw(SEED, inputsOf([grade(1, 1)], [entry(1, 1), entry(2, 99)])).map((o) => o.id_application)).toEqual([1]);
  });
});

describe('the draw: the sibling rule', () => {
  const SIBLING = 1;

  it('moves a twin of the first winner to the sibling level for the later seats of the grade', () => {
    // 1 (level 1) wins seat 1; its twin 2 (level 3) then comes before 3 and 4 (level 2) for seat 2
    const entries = [entry(1, 1, 1, 1, 1), entry(2, 1, 3, 1, 1), entry(3, 1, 2), entry(4, 1, 2)];
    const on = draw(SEED, inputsOf([grade(1, 2)], entries, { siblingLevel: SIBLING }));
    expect(selected(on)).toEqual([1, 2]);
    expect(byId(on, 2)).toMatchObject({ level: SIBLING, sibling: true, lottery_number: 1 });
    const off = draw(SEED, inputsOf([grade(1, 2)], entries));
    expect(selected(off)).not.toContain(2);
    expect(byId(off, 2)).toMatchObject({ level: 3, sibling: false });
  });

  it("moves a sibling up its grade's waiting list when the seats are gone", () => {
    const entries = [entry(1, 1, 1, 1, 1), entry(2, 1, 3, 1, 1), entry(3, 1, 2), entry(4, 1, 2)];
    const result = draw(SEED, inputsOf([grade(1, 1)], entries, { siblingLevel: SIBLING }));
    expect(selected(result)).toEqual([1]);
    expect(byId(result, 2)).toMatchObject({ result: 'waiting', waiting_list_position: 1, sibling: true });
  });

  it('carries over to later grades, never back to grades already drawn', () => {
    // grade 1 (drawn first): 1 wins; its sibling 2 in grade 2 is drawn at the sibling level
    const later = draw(
      SEED,
      inputsOf([grade(1, 1, 1), grade(2, 1, 2)], [entry(1, 1, 1, 1, 1), entry(2, 2, 3, 1, 1), entry(3, 2, 2)], {
        siblingLevel: SIBLING,
      }),
    );
    expect(selected(later)).toEqual([1, 2]);
    // the winner in grade 2 (drawn second) does not reach back to its sibling 1 in grade 1
    const earlier = draw(
      SEED,
      inputsOf([grade(1, 1, 1), grade(2, 1, 2)], [entry(1, 1, 3, 1, 1), entry(2, 2, 1, 1, 1), entry(3, 1, 2)], {
        siblingLevel: SIBLING,
      }),
    );
    expect(selected(earlier)).toEqual([3, 2]);
    expect(byId(earlier, 1)).toMatchObject({ result: 'waiting', level: 3, sibling: false });
  });

  it('counts a family that held a seat before the draw as a winner from the start', () => {
    const entries = [entry(5, 1, 3, 1, 4), entry(6, 1, 2), entry(7, 1, 2)];
    const result = draw(SEED, inputsOf([grade(1, 1)], entries, { siblingLevel: SIBLING, seatedFamilies: [4] }));
    expect(selected(result)).toEqual([5]);
    expect(byId(result, 5)).toMatchObject({ level: SIBLING, sibling: true });
  });

  it('has no effect when the sibling level is not lower than the own level', () => {
    const entries = [entry(1, 1, 2, 1, 1), entry(2, 1, 2, 1, 1), entry(3, 1, 1), entry(4, 1, 1)];
    const withRule = draw(SEED, inputsOf([grade(1, 2)], entries, { siblingLevel: 2, seatedFamilies: [1] }));
    const without = draw(SEED, inputsOf([grade(1, 2)], entries));
    expect(withRule).toEqual(without);
    expect(withRule.every((o) => !o.sibling)).toBe(true);
  });

  it('does nothing when the rule is off, even for seated families', () => {
    const entries = [entry(5, 1, 3, 1, 4), entry(6, 1, 2), entry(7, 1, 2)];
    const result = draw(SEED, inputsOf([grade(1, 1)], entries, { seatedFamilies: [4] }));
    expect(selected(result)).not.toContain(5);
    expect(result.every((o) => !o.sibling)).toBe(true);
  });
});

describe('the draw: many seats and families', () => {
  /** The rule read literally (docs/lottery-algorithm.md): each seat to the first entry by effective level, key, id. */
  function seatBySeat(seedHex: string, inputs: DrawInputs) {
    const key = new Map(
      inputs.entries.map((e) => [e.id_application, keyOf(uniformOf(seedHex, e.id_application), e.weight)]),
    );
    const won = new Set(inputs.seatedFamilies);
    const at = (e: DrawEntry) =>
      inputs.siblingLevel !== null && e.family !== null && won.has(e.family) && inputs.siblingLevel < e.level
        ? inputs.siblingLevel
        : e.level;
    const first = (x: DrawEntry, y: DrawEntry) =>
      at(x) - at(y) || key.get(y.id_application)! - key.get(x.id_application)! || x.id_application - y.id_application;
    const order: number[] = [];
    for (const g of [...inputs.grades].sort((x, y) => x.position - y.position)) {
      const pool = inputs.entries.filter((e) => e.id_grade === g.id_grade);
      for (let seat = 0; seat < g.seats && pool.length; seat++) {
        const best = pool.reduce((b, e) => (first(e, b) < 0 ? e : b));
        pool.splice(pool.indexOf(best), 1);
        order.push(best.id_application);
        if (inputs.siblingLevel !== null && best.family !== null) won.add(best.family);
      }
      order.push(...pool.sort(first).map((e) => e.id_application));
    }
    return order;
  }

  it("lifts each winning family's members into place: the order of the rule, seat by seat", () => {
    // 600 applicants in 2 grades, most of the seats given, families of 2 to 4 across grades and levels
    const entries = Array.from({ length: 600 }, (_, i) =>
      entry(i + 1, 1 + (i % 2), 1 + (i % 4), 1 + (i % 3 === 0 ? 1 : 0), i % 5 === 0 ? null : 1 + 3 * Math.floor(i / 7)),
    );
    for (const [seats, siblingLevel] of [
      [250, 1],
      [40, 2],
      [300, null],
    ] as const) {
      const inputs = inputsOf([grade(1, seats), grade(2, seats)], entries, { siblingLevel, seatedFamilies: [4, 31] });
      for (const seed of [SEED, sha('another seed')]) expect(ids(draw(seed, inputs))).toEqual(seatBySeat(seed, inputs));
    }
  });
});

describe('the draw: fairness (chi-square over 2,000 fixed seeds)', () => {
  const RUNS = 2000;
  const seeds = Array.from({ length: RUNS }, (_, i) => sha(`fairness-${i}`));
  const chiSquare = (observed: number[], expected: number[]) =>
    observed.reduce((sum, o, i) => sum + (o - expected[i]) ** 2 / expected[i], 0);

  it('gives each of 5 applicants of one level the same chance at 2 seats', () => {
    const inputs = inputsOf(
      [grade(1, 2)],
      [1, 2, 3, 4, 5].map((id) => entry(id, 1, 1)),
    );
    const wins = [0, 0, 0, 0, 0];
    for (const seed of seeds) for (const id of selected(draw(seed, inputs))) wins[id - 1]++;
    expect(wins.reduce((x, y) => x + y)).toBe(2 * RUNS);
    // df = 4, p = 0.001
    expect(
      chiSquare(
        wins,
        wins.map(() => (RUNS * 2) / 5),
      ),
    ).toBeLessThan(18.47);
  });

  it('gives weighted applicants (1, 1, 2, 4) one seat in the ratio of their weights', () => {
    const weights = [1, 1, 2, 4];
    const inputs = inputsOf(
      [grade(1, 1)],
      weights.map((w, i) => entry(i + 1, 1, 1, w)),
    );
    const wins = [0, 0, 0, 0];
    for (const seed of seeds) wins[selected(draw(seed, inputs))[0] - 1]++;
    // df = 3, p = 0.001
    expect(
      chiSquare(
        wins,
        weights.map((w) => (RUNS * w) / 8),
      ),
    ).toBeLessThan(16.27);
    // and clearly not uniform: the weight-4 applicant wins about half the draws
    expect(wins[3]).toBeGreaterThan(RUNS * 0.45);
    expect(wins[3]).toBeLessThan(RUNS * 0.55);
  });

  it('stays fair with v2 seeds: the frozen inputs and 2,000 different dice rolls', () => {
    const inputs = inputsOf(
      [grade(1, 2)],
      [1, 2, 3, 4, 5].map((id) => entry(id, 1, 1)),
    );
    const frozen = inputsHash(inputs, LOTTERY_ALGORITHM_V2);
    const wins = [0, 0, 0, 0, 0];
    for (let i = 0; i < RUNS; i++) {
      const digits = String(i * 7919).padStart(DICE_COUNT, '0');
      for (const id of selected(draw(seedOf(frozen, { kind: 'dice', digits }), inputs))) wins[id - 1]++;
    }
    // df = 4, p = 0.001
    expect(
      chiSquare(
        wins,
        wins.map(() => (RUNS * 2) / 5),
      ),
    ).toBeLessThan(18.47);
  });
});
