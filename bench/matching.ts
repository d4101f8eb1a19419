/**
 * The unified-enrollment match (issue 26) at New York City high-school scale: 65,000 students (`--matching-students=N`)
 * ranking 12 programs each among 700 (70 campuses x 10 grades), the pure `matchStudents()` in-process, `runs` times
 * after one untimed run (`--matching-runs=N`). No database: the figure is what the algorithm itself costs, its input
 * checks and waiting lists included. Target < 2 s.
 *
 * The instance is generated from a fixed seed, so every run matches the same students: each student applies to one
 * grade and ranks 12 of its 70 programs, drawn by popularity (a few campuses are wanted by many, as in any city); the
 * seats of a grade sum to its number of students; 5 priority levels (sibling 1, staff 2, zone 3, low income 4 with
 * weight 2, none 5), sibling priority on at every campus.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { matchStudents } from '../apps/server/src/modules/matching/matching.engine';
import {
  MAX_CHOICES,
  type CampusPriority,
  type MatchInputs,
  type MatchStudent,
} from '../apps/server/src/modules/matching/matching.types';
import { percentiles, timeEach, type Row } from './harness';
import { seededRandom } from '../apps/server/src/db/seed/random';

const CAMPUSES = 70;
const GRADES = 10;
const LEVELS = { sibling: 1, staff: 2, zone: 3, lowIncome: 4, none: 5 };

/**
 * The demo seed's generator (mulberry32), shifted half a step: a student's number must be strictly inside (0, 1), so
 * each run has the same instances.
 */
const generator = (seed: number) => {
  const { next } = seededRandom(seed);
  return () => next() + 2 ** -33;
};

/** Campus c's share of the demand: a long tail (Zipf, exponent 1), each grade a little more or less wanted. */
function popularity(random: () => number) {
  return Array.from({ length: GRADES }, () =>
    Array.from({ length: CAMPUSES }, (_, c) => (0.6 + 0.8 * random()) / (c + 1)),
  );
}

/** `count` distinct campuses drawn by weight without replacement (Efraimidis–Spirakis keys, largest first). */
function rankedCampuses(random: () => number, weights: number[], count: number) {
  return weights
    .map((w, c) => ({ c, key: random() ** (1 / w) }))
    .sort((x, y) => y.key - x.key)
    .slice(0, count)
    .map((x) => x.c);
}

function priorities(random: () => number, choices: number[]): CampusPriority[] {
  const items: CampusPriority[] = [];
  const campusOf = (rank: number) => choices[rank] % CAMPUSES;
  // a zone covers a campus or two the family ranks; a staff child or low income at one of them
  if (random() < 0.5) items.push({ id_campus: campusOf(0) + 1, level: LEVELS.zone, weight: 1 });
  const other = campusOf(1 + Math.floor(random() * (choices.length - 1)));
  if (other !== campusOf(0) && random() < 0.3) items.push({ id_campus: other + 1, level: LEVELS.zone, weight: 1 });
  const free = choices.map((_, i) => campusOf(i) + 1).filter((c) => !items.some((p) => p.id_campus === c));
  if (random() < 0.02) items.push({ id_campus: free[0], level: LEVELS.staff, weight: 1 });
  else if (random() < 0.25) items.push({ id_campus: free[free.length - 1], level: LEVELS.lowIncome, weight: 2 });
  return items;
}

/** The instance: 700 programs (campus x grade, seats summing to each grade's students), `count` students. */
export function matchingInstance(count: number, seed = 26): MatchInputs {
  const random = generator(seed);
  const demand = popularity(random);
  const campuses = Array.from({ length: CAMPUSES }, (_, c) => ({
    id_campus: c + 1,
    noPriorityLevel: LEVELS.none,
    siblingLevel: LEVELS.sibling,
  }));
  const students: MatchStudent[] = Array.from({ length: count }, (_, i) => {
    const grade = i % GRADES;
    const choices = rankedCampuses(random, demand[grade], MAX_CHOICES).map((c) => grade * CAMPUSES + c);
    return {
      id_student: i + 1,
      choices: choices.map((p) => p + 1),
      number: random(),
      priorities: priorities(random, choices),
      siblingCampuses: random() < 0.08 ? [(choices[Math.floor(random() * 4)] % CAMPUSES) + 1] : [],
    };
  });
  const programs = Array.from({ length: GRADES * CAMPUSES }, (_, p) => {
    const inGrade = Math.floor(count / GRADES) + (p / CAMPUSES < count % GRADES ? 1 : 0);
    const share = inGrade / CAMPUSES;
    return { id_program: p + 1, id_campus: (p % CAMPUSES) + 1, seats: Math.round(share * (0.4 + 1.2 * random())) };
  });
  return { campuses, programs, students };
}

const ms = (n: number) => n.toFixed(0);
const thousands = (n: number) => n.toLocaleString('en');

export type MatchingBenchOptions = { students?: number; runs?: number };

export async function benchMatching(rows: Row[], options: MatchingBenchOptions = {}) {
  const count = options.students ?? 65_000;
  const runs = Math.max(1, options.runs ?? 7);
  const inputs = matchingInstance(count);
  const result = matchStudents(inputs);
  const samples = await timeEach(runs, async () => matchStudents(inputs));
  const { p50, max } = percentiles(samples);
  const seats = inputs.programs.reduce((sum, p) => sum + p.seats, 0);
  const matched = result.students.filter((s) => s.id_program !== null);
  const first = matched.filter((s) => s.choice === 1).length;
  const waiting = result.programs.reduce((sum, p) => sum + p.waiting.length, 0);
  const digest = createHash('sha256').update(JSON.stringify(result)).digest('hex');
  const load = `load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;
  rows.push([
    `matching: matchStudents() of ${thousands(count)} students x ${inputs.programs.length} programs x ${MAX_CHOICES} choices p50 / max`,
    `${ms(p50)} / ${ms(max)} ms`,
    `pure, in-process, ${runs} runs after 1 (input checks and waiting lists included); target < 2 s; ${load}`,
  ]);
  rows.push([
    'matching: the instance and its result',
    `${thousands(matched.length)} matched`,
    `${thousands(seats)} seats; ${Math.round((100 * first) / count)}% first choice, ${thousands(count - matched.length)} unmatched, ${thousands(waiting)} waiting-list places; result ${digest.slice(0, 8)}`,
  ]);
}
