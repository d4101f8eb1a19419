import { checkInputs } from './matching.inputs';
import { keyOf, levelAt, weightAt } from './matching.priority';
import type {
  MatchCampus,
  MatchInputs,
  MatchProgram,
  MatchResult,
  MatchStudent,
  ProgramMatch,
  StudentMatch,
} from './matching.types';

/*
 * Student-proposing deferred acceptance (Gale & Shapley 1962) with one random number per student: a pure,
 * deterministic function of its inputs (docs/matching.md). Its result is the student-optimal stable matching of the
 * programs' strict orders, so it does not depend on the order of the inputs nor on the order proposals are made in.
 *
 * Every (student, ranked program) is a "proposal slot" p, laid out student after student in typed arrays: slots
 * offsets[s] .. offsets[s + 1] - 1 are student s's choices, best first. A program holds its tentatively accepted
 * slots in a heap whose root is the worst of them, so a proposal costs O(log seats).
 */

/** The proposal slots: the program ranked and the student's standing there. */
type Slots = {
  offsets: Int32Array;
  program: Int32Array;
  level: Float64Array;
  key: Float64Array;
  /** The student's index in the inputs. */
  student: Int32Array;
  /** Each student's id, by index (the last tie-break). */
  id: Float64Array;
};

function slotsOf({ campuses, programs, students }: MatchInputs, programIndex: Map<number, number>): Slots {
  const campusById = new Map<number, MatchCampus>(campuses.map((c) => [c.id_campus, c]));
  const campusOf = programs.map((p) => campusById.get(p.id_campus) as MatchCampus);
  const offsets = new Int32Array(students.length + 1);
  for (let s = 0; s < students.length; s++) offsets[s + 1] = offsets[s] + students[s].choices.length;
  const total = offsets[students.length];
  const slots = {
    offsets,
    program: new Int32Array(total),
    level: new Float64Array(total),
    key: new Float64Array(total),
    student: new Int32Array(total),
    id: Float64Array.from(students, (s) => s.id_student),
  };
  for (let s = 0; s < students.length; s++) {
    const student = students[s];
    for (let rank = 0; rank < student.choices.length; rank++) {
      const slot = offsets[s] + rank;
      const program = programIndex.get(student.choices[rank]) as number;
      slots.program[slot] = program;
      slots.level[slot] = levelAt(campusOf[program], student);
      slots.key[slot] = keyOf(student.number, weightAt(campusOf[program], student));
      slots.student[slot] = s;
    }
  }
  return slots;
}

/** Whether slot `a` comes before slot `b` in their (common) program's order: lower level, larger key, smaller id. */
const aheadOf = ({ level, key, student, id }: Slots, a: number, b: number) =>
  level[a] !== level[b] ? level[a] < level[b] : key[a] !== key[b] ? key[a] > key[b] : id[student[a]] < id[student[b]];

/** Each program's held slots: heaps (worst at the root) side by side in one array, program i from base[i]. */
type Held = { heap: Int32Array; base: Int32Array; size: Int32Array; seats: Int32Array };

function heldOf(programs: MatchProgram[]): Held {
  const seats = Int32Array.from(programs, (p) => p.seats);
  const base = new Int32Array(programs.length + 1);
  for (let i = 0; i < programs.length; i++) base[i + 1] = base[i] + seats[i];
  return { heap: new Int32Array(base[programs.length]), base, size: new Int32Array(programs.length), seats };
}

function siftUp(slots: Slots, { heap, base }: Held, program: number, at: number) {
  const b = base[program];
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (!aheadOf(slots, heap[b + parent], heap[b + at])) break;
    [heap[b + parent], heap[b + at]] = [heap[b + at], heap[b + parent]];
    at = parent;
  }
}

function siftDown(slots: Slots, { heap, base, size }: Held, program: number) {
  const b = base[program];
  const n = size[program];
  for (let at = 0; ;) {
    const [left, right] = [2 * at + 1, 2 * at + 2];
    let worst = at;
    if (left < n && aheadOf(slots, heap[b + worst], heap[b + left])) worst = left;
    if (right < n && aheadOf(slots, heap[b + worst], heap[b + right])) worst = right;
    if (worst === at) return;
    [heap[b + worst], heap[b + at]] = [heap[b + at], heap[b + worst]];
    at = worst;
  }
}

/**
 * Program `program` considers `slot`: keeps it while a seat is free, or in place of its worst held slot when it comes
 * before it. Returns the slot rejected (the proposer's, or the one it displaced), or -1 when nobody is.
 */
function consider(slots: Slots, held: Held, program: number, slot: number): number {
  const { heap, base, size, seats } = held;
  if (size[program] < seats[program]) {
    heap[base[program] + size[program]] = slot;
    siftUp(slots, held, program, size[program]++);
    return -1;
  }
  if (seats[program] === 0) return slot;
  const worst = heap[base[program]];
  if (!aheadOf(slots, slot, worst)) return slot;
  heap[base[program]] = slot;
  siftDown(slots, held, program);
  return worst;
}

/**
 * The deferred-acceptance loop, one proposer at a time (McVitie & Wilson 1971): a student proposes down the list until
 * held; a student displaced by the proposal proposes next, from the choice after the one it lost. The order of
 * proposals does not change the result.
 */
function propose(slots: Slots, held: Held) {
  const { offsets, program, student } = slots;
  const studentCount = offsets.length - 1;
  const next = new Int32Array(studentCount);
  for (let first = 0; first < studentCount; first++) {
    let s = first;
    while (s >= 0 && next[s] < offsets[s + 1] - offsets[s]) {
      const slot = offsets[s] + next[s]++;
      const rejected = consider(slots, held, program[slot], slot);
      s = rejected === -1 ? -1 : student[rejected];
    }
  }
}

/** A segment of slots in the program's order, as student ids. */
const inOrder = (slots: Slots, segment: Int32Array) =>
  Array.from(
    segment.sort((a, b) => (aheadOf(slots, a, b) ? -1 : 1)),
    (slot) => slots.id[slots.student[slot]],
  );

/**
 * Every program's waiting list: the students who ranked it above the program they got, or ranked it and got none
 * (slots before `matchedRank[s]`, the student's matched choice or its list's length).
 */
function waitingLists(slots: Slots, matchedRank: Int32Array, programCount: number): number[][] {
  const { offsets, program } = slots;
  const count = new Int32Array(programCount + 1);
  for (let s = 0; s < matchedRank.length; s++)
    for (let slot = offsets[s]; slot < offsets[s] + matchedRank[s]; slot++) count[program[slot] + 1]++;
  for (let i = 0; i < programCount; i++) count[i + 1] += count[i];
  const fill = count.slice(0, programCount);
  const waiting = new Int32Array(count[programCount]);
  for (let s = 0; s < matchedRank.length; s++)
    for (let slot = offsets[s]; slot < offsets[s] + matchedRank[s]; slot++) waiting[fill[program[slot]]++] = slot;
  return Array.from({ length: programCount }, (_, i) => inOrder(slots, waiting.subarray(count[i], count[i + 1])));
}

/**
 * Each student's match from the programs' held slots, and its `matchedRank`: the 0-based rank of the program it got in
 * its list, or the list's length when it got none.
 */
function studentMatches(slots: Slots, heldSlots: Int32Array[], students: MatchStudent[]) {
  const matches: StudentMatch[] = students.map((s) => ({ id_student: s.id_student, id_program: null, choice: null }));
  const matchedRank = Int32Array.from(students, (s) => s.choices.length);
  for (const list of heldSlots)
    for (const slot of list) {
      const s = slots.student[slot];
      matchedRank[s] = slot - slots.offsets[s];
      matches[s].id_program = students[s].choices[matchedRank[s]];
      matches[s].choice = matchedRank[s] + 1;
    }
  return { matches, matchedRank };
}

/**
 * Matches the students of a choice round to programs (docs/matching.md): student-proposing deferred acceptance over
 * each program's order (level, then the key of the student's single number, then the smaller id). Each student gets
 * at most one program and waits at every program ranked above it.
 */
export function matchStudents(inputs: MatchInputs): MatchResult {
  checkInputs(inputs);
  const { programs, students } = inputs;
  const slots = slotsOf(inputs, new Map(programs.map((p, i) => [p.id_program, i])));
  const held = heldOf(programs);
  propose(slots, held);
  const heldSlots = programs.map((_, i) => held.heap.slice(held.base[i], held.base[i] + held.size[i]));
  const { matches, matchedRank } = studentMatches(slots, heldSlots, students);
  const waiting = waitingLists(slots, matchedRank, programs.length);
  const outcomes: ProgramMatch[] = programs.map((p, i) => ({
    id_program: p.id_program,
    matched: inOrder(slots, heldSlots[i]),
    waiting: waiting[i],
  }));
  return {
    students: matches.sort((x, y) => x.id_student - y.id_student),
    programs: outcomes.sort((x, y) => x.id_program - y.id_program),
  };
}
