import { sha256 } from '../../lib/crypto';
import { uniformOf } from '../../lib/lottery-number';
import { matchStudents } from './matching.engine';
import type { MatchInputs, MatchResult, MatchStudent } from './matching.types';

/*
 * The match record (docs/matching.md, "The match record"): the round's inputs and result as canonical text, their
 * SHA-256 hashes, and one file holding both with the seed, so scripts/verify-match.mjs (or anyone's re-implementation)
 * can draw the numbers again, re-run the match and compare byte for byte.
 */

export const MATCH_ALGORITHM = 'openseat-match-v1';

/** A student of the round before the draw: everything but its number. */
export type RoundStudent = Omit<MatchStudent, 'number'>;
export type RoundInputs = Omit<MatchInputs, 'students'> & { students: RoundStudent[] };

const TWO_POW_48 = 2 ** 48;

/**
 * Each student's number `u`: the lottery's uniform number of its application to the round (the student's id), from
 * the round's seed. One number per student, whatever it ranks.
 */
export function matchNumbers(seedHex: string, studentIds: readonly number[]): Map<number, number> {
  const seed = Buffer.from(seedHex, 'hex');
  return new Map(studentIds.map((id) => [id, uniformOf(seed, id)]));
}

/** The 48-bit integer `n` of `u = (n + 0.5) / 2^48`; exact, as `u` is (2n + 1) / 2^49 and a double holds 53 bits. */
export const drawnInteger = (u: number) => u * TWO_POW_48 - 0.5;

const byNumber = (x: number, y: number) => x - y;
/** A list of ids in one field, separated by spaces. */
const list = (ids: readonly number[]) => ids.join(' ');

function studentLines(s: RoundStudent): string[] {
  const siblings = [...new Set(s.siblingCampuses)].sort(byNumber);
  const priorities = [...s.priorities].sort((x, y) => x.id_campus - y.id_campus);
  return [
    `student,${s.id_student},${list(s.choices)},${list(siblings)}`,
    // a weight as JavaScript writes a number: the shortest decimal that reads back to the same double
    ...priorities.map((p) => `priority,${s.id_student},${p.id_campus},${p.level},${p.weight}`),
  ];
}

/**
 * The inputs as canonical text: everything that decides the result but the numbers, sorted by id (a student's
 * choices stay in its order), one line each ended by LF, after a line naming the algorithm.
 */
export function matchInputsText({ campuses, programs, students }: RoundInputs): string {
  const lines = [
    MATCH_ALGORITHM,
    ...[...campuses]
      .sort((x, y) => x.id_campus - y.id_campus)
      .map((c) => `campus,${c.id_campus},${c.noPriorityLevel},${c.siblingLevel ?? ''}`),
    ...[...programs]
      .sort((x, y) => x.id_program - y.id_program)
      .map((p) => `program,${p.id_program},${p.id_campus},${p.seats}`),
    ...[...students].sort((x, y) => x.id_student - y.id_student).flatMap(studentLines),
  ];
  return lines.join('\n') + '\n';
}

/**
 * The result as canonical text: each student's 48-bit number, program and choice (by id), then each program's
 * matched students and waiting list in its order (by id). Its hash covers the numbers, so it holds the seed too.
 */
export function matchResultText(result: MatchResult, numbers: ReadonlyMap<number, number>): string {
  const students = [...result.students]
    .sort((x, y) => x.id_student - y.id_student)
    .map((s) => {
      const n = drawnInteger(numbers.get(s.id_student) as number);
      return `student,${s.id_student},${n},${s.id_program ?? ''},${s.choice ?? ''}`;
    });
  const programs = [...result.programs]
    .sort((x, y) => x.id_program - y.id_program)
    .map((p) => `program,${p.id_program},${list(p.matched)},${list(p.waiting)}`);
  return [...students, ...programs].map((line) => line + '\n').join('');
}

export const matchInputsHash = (inputs: RoundInputs) => sha256(matchInputsText(inputs));
export const matchResultHash = (result: MatchResult, numbers: ReadonlyMap<number, number>) =>
  sha256(matchResultText(result, numbers));

const MATCH_RECORD_SECTIONS = {
  inputs: '# [inputs] canonical inputs: inputs_sha256 is the SHA-256 of these lines, each ended by LF',
  result: '# [result] canonical result: result_sha256 is the SHA-256 of these lines, each ended by LF',
} as const;

const FIRST_LINE =
  '# OpenSeat match record: check it with `node scripts/verify-match.mjs <this file>` (docs/matching.md)';

/**
 * A header line on one line, and one CSV cell (as the lottery's record): a comma in the source's description would
 * otherwise open a second cell, which a spreadsheet might run as a formula.
 */
function headerLine(key: string, value: string) {
  const line = `# ${key}: ${value.replace(/[\r\n]+/g, ' ').trim()}`;
  return /[",]/.test(line) ? `"${line.replace(/"/g, '""')}"` : line;
}

export type MatchRecordInput = {
  inputs: RoundInputs;
  /** The round's seed: 64 lower-case hex digits (32 bytes), fixed after the inputs were frozen. */
  seedHex: string;
  /** Where the seed came from, for people (a drand round, the dice): one line in the file, not checked by it. */
  source: string;
};

export type MatchRecord = {
  inputsText: string;
  resultText: string;
  inputsHash: string;
  resultHash: string;
  result: MatchResult;
  /** Each student's number `u`, by id. */
  numbers: Map<number, number>;
  /** The record file: the header (algorithm, source, seed, both hashes), then the inputs and the result texts. */
  file: string;
};

/** Draws the students' numbers from the seed, runs the match and writes its record. */
export function matchRecord({ inputs, seedHex, source }: MatchRecordInput): MatchRecord {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error('matchRecord: the seed must be 64 lower-case hex digits');
  const ids = inputs.students.map((s) => s.id_student);
  const numbers = matchNumbers(seedHex, ids);
  const students = inputs.students.map((s) => ({ ...s, number: numbers.get(s.id_student) as number }));
  const result = matchStudents({ ...inputs, students });
  const inputsText = matchInputsText(inputs);
  const resultText = matchResultText(result, numbers);
  const [inputsHash, resultHash] = [sha256(inputsText), sha256(resultText)];
  const header = [
    FIRST_LINE,
    headerLine('algorithm', MATCH_ALGORITHM),
    headerLine('source', source),
    headerLine('seed', seedHex),
    headerLine('inputs_sha256', inputsHash),
    headerLine('result_sha256', resultHash),
  ];
  const file =
    header.map((line) => line + '\n').join('') +
    `${MATCH_RECORD_SECTIONS.inputs}\n${inputsText}${MATCH_RECORD_SECTIONS.result}\n${resultText}`;
  return { inputsText, resultText, inputsHash, resultHash, result, numbers, file };
}
