import { createHash, createHmac } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../db/seed/random';
import { uniformOf } from '../../lib/lottery-number';
import { matchStudents } from './matching.engine';
import {
  drawnInteger,
  matchInputsHash,
  matchInputsText,
  matchNumbers,
  matchRecord,
  matchResultHash,
  matchResultText,
  type RoundInputs,
  type RoundStudent,
} from './matching.record';
import { MAX_CHOICES, type MatchCampus, type MatchProgram, type MatchResult } from './matching.types';

/*
 * The match record (docs/matching.md, "The match record"): its texts are byte-stable and independent of the inputs'
 * order, its hashes follow every input, the seed and the result, and scripts/verify-match.mjs (the independent
 * re-implementation, imported here and called as a function; matching.verifier.test.ts runs it as a process) accepts
 * what matchRecord writes and refuses a record changed afterwards.
 */

type Check = { name: string; ok: boolean; detail: string };
const VERIFIER = path.resolve(import.meta.dirname, '../../../../../scripts/verify-match.mjs');
const { verifyMatchRecord } = (await import(VERIFIER)) as { verifyMatchRecord: (text: string) => Check[] };
const failedChecks = (file: string) =>
  verifyMatchRecord(file)
    .filter((c) => !c.ok)
    .map((c) => c.name);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const SEED = sha256('openseat match test vector');
const SOURCE = 'test vector: sha256("openseat match test vector")';

/** docs/matching.md's test vector: a sibling lift, a weight, a program with 0 seats, a student with no choice. */
const VECTOR: RoundInputs = {
  campuses: [
    { id_campus: 1, noPriorityLevel: 3, siblingLevel: 1 },
    { id_campus: 2, noPriorityLevel: 2, siblingLevel: null },
  ],
  programs: [
    { id_program: 10, id_campus: 1, seats: 1 },
    { id_program: 11, id_campus: 1, seats: 0 },
    { id_program: 20, id_campus: 2, seats: 2 },
  ],
  students: [
    { id_student: 101, choices: [10, 20], priorities: [{ id_campus: 1, level: 2, weight: 1 }], siblingCampuses: [] },
    {
      id_student: 102,
      choices: [10, 11, 20],
      priorities: [
        { id_campus: 2, level: 1, weight: 2 },
        { id_campus: 1, level: 2, weight: 1.5 },
      ],
      siblingCampuses: [],
    },
    { id_student: 103, choices: [10, 20], priorities: [], siblingCampuses: [1] },
    { id_student: 104, choices: [], priorities: [], siblingCampuses: [] },
    { id_student: 105, choices: [10, 20], priorities: [], siblingCampuses: [] },
  ],
};

const VECTOR_INPUTS = `openseat-match-v1
campus,1,3,1
campus,2,2,
program,10,1,1
program,11,1,0
program,20,2,2
student,101,10 20,
priority,101,1,2,1
student,102,10 11 20,
priority,102,1,2,1.5
priority,102,2,1,2
student,103,10 20,1
student,104,,
student,105,10 20,
`;

const VECTOR_RESULT = `student,101,39413813953141,,
student,102,60763448238738,20,3
student,103,132819895599668,10,1
student,104,141763723672978,,
student,105,211582993813931,20,2
program,10,103,102 101 105
program,11,,102
program,20,102 105,101
`;

/** The demo seed's generator (mulberry32), as in matching.engine.test.ts: every run checks the same rounds. */
type Random = () => number;
const below = (random: Random, n: number) => Math.floor(random() * n);
function shuffled<T>(random: Random, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = below(random, i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** A random round without numbers: scattered ids, seats with 0 included, levels, weights, siblings. */
function randomRound(random: Random, maxStudents: number, maxPrograms: number): RoundInputs {
  const programCount = 1 + below(random, maxPrograms);
  const campuses: MatchCampus[] = Array.from({ length: 1 + below(random, programCount) }, (_, c) => {
    const noPriorityLevel = 1 + below(random, 4);
    const siblingLevel = random() < 0.3 ? null : 1 + below(random, noPriorityLevel);
    return { id_campus: 50 + 7 * c, noPriorityLevel, siblingLevel };
  });
  const studentCount = 1 + below(random, maxStudents);
  const perProgram = Math.ceil((2 * studentCount) / programCount);
  const programs: MatchProgram[] = Array.from({ length: programCount }, (_, p) => ({
    id_program: 1000 + 13 * p,
    id_campus: campuses[below(random, campuses.length)].id_campus,
    seats: below(random, perProgram + 1),
  }));
  const student = (id_student: number): RoundStudent => ({
    id_student,
    choices: shuffled(random, programs)
      .slice(0, below(random, Math.min(programs.length, MAX_CHOICES) + 1))
      .map((p) => p.id_program),
    priorities: campuses
      .filter((c) => c.noPriorityLevel > 1 && random() < 0.4)
      .map((c) => ({
        id_campus: c.id_campus,
        level: 1 + below(random, c.noPriorityLevel - 1),
        weight: random() < 0.7 ? 1 : [0.5, 2, 3, 1.25][below(random, 4)],
      })),
    siblingCampuses: random() < 0.2 ? [campuses[below(random, campuses.length)].id_campus] : [],
  });
  const ids = shuffled(
    random,
    Array.from({ length: studentCount }, (_, s) => 3 + 5 * s),
  );
  return { campuses, programs, students: ids.map(student) };
}

/** The same round listed in another order: campuses, programs, students, priority items, sibling campuses. */
const reordered = (random: Random, inputs: RoundInputs): RoundInputs => ({
  campuses: shuffled(random, inputs.campuses),
  programs: shuffled(random, inputs.programs),
  students: shuffled(random, inputs.students).map((s) => ({
    ...s,
    priorities: shuffled(random, s.priorities),
    siblingCampuses: shuffled(random, [...s.siblingCampuses, ...s.siblingCampuses]),
  })),
});

/** The record file with its result lines replaced by `edit(lines)` and, when `rehash`, result_sha256 made to fit. */
function withResult(file: string, edit: (lines: string[]) => string[], rehash = false) {
  const [head, result] = file.split(/(?<=# \[result\][^\n]*\n)/);
  const lines = edit(result.split('\n').slice(0, -1));
  const text = lines.map((l) => l + '\n').join('');
  const header = rehash ? head.replace(/# result_sha256: [0-9a-f]+/, `# result_sha256: ${sha256(text)}`) : head;
  return header + text;
}

const vector = matchRecord({ inputs: VECTOR, seedHex: SEED, source: SOURCE });

describe('the match record texts', () => {
  it("are the documented test vector's, byte for byte", () => {
    expect(vector.inputsText).toBe(VECTOR_INPUTS);
    expect(vector.resultText).toBe(VECTOR_RESULT);
    expect(vector.inputsHash).toBe('1a9a6ed4aa30f491066fdf6e8b75b252680ec72655f6bee4f25e66ee83a36203');
    expect(vector.resultHash).toBe('71139f85e9aaaffc263113f249eb555468ad75d50354c3c29e15352bcf4cfeeb');
    expect(vector.inputsHash).toBe(sha256(VECTOR_INPUTS));
    expect(vector.resultHash).toBe(sha256(VECTOR_RESULT));
    expect(matchInputsHash(VECTOR)).toBe(vector.inputsHash);
    expect(matchResultHash(vector.result, vector.numbers)).toBe(vector.resultHash);
  });

  it('form a record file with the header, the inputs and the result', () => {
    expect(vector.file.split('\n').slice(0, 7)).toEqual([
      '# OpenSeat match record: check it with `node scripts/verify-match.mjs <this file>` (docs/matching.md)',
      '# algorithm: openseat-match-v1',
      // a comma or a quote: one quoted CSV cell
      '"# source: test vector: sha256(""openseat match test vector"")"',
      `# seed: ${SEED}`,
      `# inputs_sha256: ${vector.inputsHash}`,
      `# result_sha256: ${vector.resultHash}`,
      '# [inputs] canonical inputs: inputs_sha256 is the SHA-256 of these lines, each ended by LF',
    ]);
    expect(vector.file).toContain(`${VECTOR_INPUTS}# [result] `);
    expect(vector.file.endsWith(`\n${VECTOR_RESULT}`)).toBe(true);
    const multiline = matchRecord({ inputs: VECTOR, seedHex: SEED, source: 'drand quicknet\nround 9' });
    expect(multiline.file).toContain('\n# source: drand quicknet round 9\n');
  });

  it('do not depend on the order the inputs are listed in', () => {
    const random = seededRandom(26).next;
    for (let i = 0; i < 50; i++) {
      const inputs = randomRound(random, 40, 8);
      const record = matchRecord({ inputs, seedHex: SEED, source: 'dice' });
      const again = matchRecord({ inputs: reordered(random, inputs), seedHex: SEED, source: 'dice' });
      expect(again.file).toBe(record.file);
    }
    expect(matchInputsText(reordered(seededRandom(1).next, VECTOR))).toBe(VECTOR_INPUTS);
  });

  it('hash to something else when any input changes', () => {
    const edits: ((inputs: RoundInputs) => void)[] = [
      (x) => (x.campuses[0].noPriorityLevel = 4),
      (x) => (x.campuses[0].siblingLevel = null),
      (x) => (x.campuses[1].siblingLevel = 1),
      (x) => (x.programs[0].seats = 2),
      (x) => (x.programs[1].id_campus = 2),
      (x) => (x.students[0].choices = [20, 10]),
      (x) => (x.students[0].choices = [10]),
      (x) => (x.students[3].choices = [11]),
      (x) => (x.students[0].priorities[0].level = 1),
      (x) => (x.students[1].priorities[1].weight = 2),
      (x) => x.students[1].priorities.pop(),
      (x) => (x.students[4].siblingCampuses = [1]),
      (x) => (x.students[4].id_student = 106),
      (x) => x.students.pop(),
      (x) => x.programs.push({ id_program: 30, id_campus: 2, seats: 1 }),
    ];
    const hashes = new Set([vector.inputsHash]);
    for (const edit of edits) {
      const inputs = structuredClone(VECTOR);
      edit(inputs);
      hashes.add(matchInputsHash(inputs));
    }
    expect(hashes.size).toBe(edits.length + 1);
  });

  it('hash the result to something else with another seed, another program or another waiting order', () => {
    const other = matchRecord({ inputs: VECTOR, seedHex: sha256('another seed'), source: SOURCE });
    expect(other.inputsHash).toBe(vector.inputsHash);
    expect(other.resultHash).not.toBe(vector.resultHash);

    const moved: MatchResult = structuredClone(vector.result);
    moved.students[0] = { id_student: 101, id_program: 20, choice: 2 };
    const swapped: MatchResult = structuredClone(vector.result);
    const waiting = swapped.programs[0].waiting;
    [waiting[0], waiting[1]] = [waiting[1], waiting[0]];
    const hashes = [vector.result, moved, swapped].map((r) => matchResultHash(r, vector.numbers));
    expect(new Set(hashes).size).toBe(3);
    expect(matchResultText(swapped, vector.numbers)).toContain('program,10,103,101 102 105\n');
  });
});

describe("the students' numbers", () => {
  it("are the lottery's uniform numbers of their ids, written exactly as the 48-bit integer", () => {
    const ids = [1, 3, 101, 105, 123_456_789, 2 ** 40 + 7];
    const numbers = matchNumbers(SEED, ids);
    for (const id of ids) {
      const u = numbers.get(id) as number;
      expect(u).toBe(uniformOf(SEED, id));
      const mac = createHmac('sha256', Buffer.from(SEED, 'hex')).update(String(id)).digest();
      const n = drawnInteger(u);
      expect(n).toBe(mac.readUIntBE(0, 6));
      expect((n + 0.5) / 2 ** 48).toBe(u);
    }
    // the extremes of n: 0 and 2^48 - 1 come back exactly
    for (const n of [0, 1, 2 ** 48 - 1, 2 ** 47]) expect(drawnInteger((n + 0.5) / 2 ** 48)).toBe(n);
  });

  it('are the ones the match is run with', () => {
    const students = VECTOR.students.map((s) => ({ ...s, number: uniformOf(SEED, s.id_student) }));
    expect(vector.result).toEqual(matchStudents({ ...VECTOR, students }));
  });

  it('need a seed of 64 lower-case hex digits', () => {
    expect(() => matchRecord({ inputs: VECTOR, seedHex: SEED.toUpperCase(), source: '' })).toThrow(/64 lower-case/);
    expect(() => matchRecord({ inputs: VECTOR, seedHex: SEED.slice(2), source: '' })).toThrow(/64 lower-case/);
  });
});

describe('scripts/verify-match.mjs', () => {
  it('accepts the record of 300 random rounds', () => {
    const random = seededRandom(2026).next;
    let [matched, waiting] = [0, 0];
    for (let i = 0; i < 300; i++) {
      const seedHex = sha256(`round ${i}`);
      const record = matchRecord({ inputs: randomRound(random, 90, 14), seedHex, source: `round ${i}` });
      const checks = verifyMatchRecord(record.file);
      if (!checks.every((c) => c.ok)) expect(checks, `round ${i}`).toEqual([]);
      matched += record.result.students.filter((s) => s.id_program !== null).length;
      waiting += record.result.programs.reduce((sum, p) => sum + p.waiting.length, 0);
    }
    // the rounds are not trivial: many students matched, many waiting
    expect(matched).toBeGreaterThan(5_000);
    expect(waiting).toBeGreaterThan(5_000);
  });

  it('names every check it passes', () => {
    expect(verifyMatchRecord(vector.file).map((c) => `${c.ok ? 'PASS' : 'FAIL'} ${c.name}`)).toEqual([
      'PASS algorithm',
      'PASS seed',
      'PASS inputs_sha256',
      'PASS inputs',
      'PASS result_sha256',
      'PASS result',
      'PASS rerun_sha256',
    ]);
  });

  const big = matchRecord({ inputs: randomRound(seededRandom(7).next, 90, 14), seedHex: SEED, source: 'dice' });
  // the first result line: the section's marker line says SHA-256, and its digits are no part of the result
  const resultStart = big.file.indexOf('\n', big.file.indexOf('# [result]')) + 1;
  const resultLines = big.resultText.split('\n').slice(0, -1);

  it('refuses a record with one digit of its result changed, at 40 places', () => {
    const digits = [...big.file.matchAll(/\d/g)].map((m) => m.index).filter((at) => at >= resultStart);
    expect(digits.length).toBeGreaterThan(500);
    const random = seededRandom(11).next;
    for (let k = 0; k < 40; k++) {
      const at = digits[below(random, digits.length)];
      const changed = big.file.slice(0, at) + ((Number(big.file[at]) + 1) % 10) + big.file.slice(at + 1);
      expect(failedChecks(changed), `byte ${at}`).toEqual(expect.arrayContaining(['result_sha256', 'result']));
    }
  });

  it('refuses a swapped waiting-list pair, even with result_sha256 made to fit', () => {
    const at = resultLines.findIndex((l) => /^program,\d+,[\d ]*,\d+ \d+/.test(l));
    expect(at).toBeGreaterThan(0);
    const swap = (lines: string[]) =>
      lines.map((line, i) => (i === at ? line.replace(/,(\d+) (\d+)((?: \d+)*)$/, ',$2 $1$3') : line));
    expect(swap(resultLines)[at]).not.toBe(resultLines[at]);
    expect(failedChecks(withResult(big.file, swap))).toEqual(['result_sha256', 'result']);
    expect(failedChecks(withResult(big.file, swap, true))).toEqual(['result', 'rerun_sha256']);
  });

  it('refuses a student moved to another program, even with result_sha256 made to fit', () => {
    const at = resultLines.findIndex((l) => /^student,\d+,\d+,\d+,1$/.test(l));
    expect(at).toBeGreaterThanOrEqual(0);
    const move = (lines: string[]) => lines.map((line, i) => (i === at ? line.replace(/,\d+,1$/, ',,') : line));
    expect(failedChecks(withResult(big.file, move, true))).toEqual(['result', 'rerun_sha256']);
  });

  it('refuses a record whose seed was changed', () => {
    const file = big.file.replace(`# seed: ${SEED}`, `# seed: ${sha256('another seed')}`);
    expect(failedChecks(file)).toEqual(['result', 'rerun_sha256']);
    expect(failedChecks(big.file.replace(`# seed: ${SEED}`, `# seed: ${SEED.slice(1)}`))).toContain('seed');
  });

  it('refuses changed inputs, even with inputs_sha256 made to fit, and inputs not in canonical form', () => {
    // a seat more at a program with a waiting list: its waiting students would take it, so the result changes
    const full = big.result.programs.find((p) => p.waiting.length > 0)?.id_program;
    const seats = new RegExp(`^program,${full},(\\d+),(\\d+)$`, 'm');
    const more = big.inputsText.replace(seats, (_, c, n) => `program,${full},${c},${Number(n) + 1}`);
    expect(more).not.toBe(big.inputsText);
    const edited = big.file.replace(big.inputsText, more).replace(big.inputsHash, sha256(more));
    expect(failedChecks(edited)).toEqual(['result', 'rerun_sha256']);

    const padded = vector.file.replace('priority,102,1,2,1.5\n', 'priority,102,1,2,1.50\n');
    expect(failedChecks(padded)).toEqual(['inputs_sha256', 'inputs', 'result']);
    const unsorted = vector.file.replace('campus,1,3,1\ncampus,2,2,\n', 'campus,2,2,\ncampus,1,3,1\n');
    expect(verifyMatchRecord(unsorted).find((c) => c.name === 'inputs')?.detail).toMatch(/line 2 is not canonical/);
    const unknown = vector.file.replace('student,105,10 20,', 'student,105,10 30,');
    expect(verifyMatchRecord(unknown).find((c) => c.name === 'inputs')?.detail).toBe(
      'student 105: program 30 is not in the round',
    );
  });

  it('refuses a record without its hashes or of another algorithm', () => {
    expect(failedChecks(vector.file.replace(/# result_sha256: .*\n/, ''))).toEqual(['header']);
    expect(
      failedChecks(vector.file.replace('# algorithm: openseat-match-v1', '# algorithm: openseat-match-v2')),
    ).toEqual(['algorithm']);
  });
});
