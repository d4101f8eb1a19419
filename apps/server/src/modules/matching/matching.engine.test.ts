import { describe, expect, it } from 'vitest';
import { matchStudents } from './matching.engine';
import { keyOf } from './matching.priority';
import {
  MAX_CHOICES,
  type CampusPriority,
  type MatchCampus,
  type MatchInputs,
  type MatchProgram,
  type MatchResult,
  type MatchStudent,
} from './matching.types';
import { seededRandom } from '../../db/seed/random';

/*
 * The match's properties on random instances from a seeded generator (every run checks the same instances): stable by
 * a checker of its own, equal to a textbook deferred acceptance written here, equal to the student-optimal stable
 * matching found by enumerating every matching, no gain from swapping or dropping a choice; and the documented rules
 * (docs/matching.md) on small hand-made rounds. Everything the engine is compared with is restated here from the doc,
 * not imported from it.
 */

/**
 * The demo seed's generator (mulberry32), shifted half a step: a student's number must be strictly inside (0, 1), so
 * each run has the same instances.
 */
const generator = (seed: number) => {
  const { next } = seededRandom(seed);
  return () => next() + 2 ** -33;
};
type Random = () => number;
const below = (random: Random, n: number) => Math.floor(random() * n);
function shuffled<T>(random: Random, list: T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = below(random, i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * A random round of up to `maxStudents` x `maxPrograms`: programs spread over fewer campuses, random seats (0
 * included), levels, weights and siblings; ids scattered so that an index taken for an id shows. In one instance out
 * of three the numbers come from five values only, so that ties between numbers (decided by the id) are common.
 * `diverse`: a campus per program, a priority item at most of them and at most 2 seats each, so that the programs'
 * orders differ and students compete: rounds with several stable matchings.
 */
function randomRound(random: Random, maxStudents: number, maxPrograms: number, diverse = false): MatchInputs {
  const programCount = 1 + below(random, maxPrograms);
  const drawn = 1 + below(random, maxStudents);
  const campusCount = diverse ? programCount : 1 + below(random, programCount);
  const campuses: MatchCampus[] = Array.from({ length: campusCount }, (_, c) => {
    const noPriorityLevel = (diverse ? 2 : 1) + below(random, diverse ? 3 : 4);
    return {
      id_campus: 50 + 7 * c,
      noPriorityLevel,
      siblingLevel: random() < 0.3 ? null : 1 + below(random, noPriorityLevel),
    };
  });
  const perProgram = Math.ceil((2 * drawn) / programCount);
  const programs: MatchProgram[] = Array.from({ length: programCount }, (_, p) => ({
    id_program: 1000 + 13 * p,
    id_campus: campuses[diverse ? p : below(random, campuses.length)].id_campus,
    seats: diverse ? 1 + below(random, 2) : below(random, perProgram + 1),
  }));
  const coarse = random() < 1 / 3;
  // diverse: as many students as seats (balanced markets have many stable matchings, unbalanced ones about one)
  const seats = programs.reduce((sum, p) => sum + p.seats, 0);
  const studentCount = diverse ? Math.min(seats, maxStudents) : drawn;
  const students = shuffled(
    random,
    Array.from({ length: studentCount }, (_, s) => 3 + 5 * s),
  ).map((id_student) => randomStudent(random, id_student, { campuses, programs }, { coarse, diverse }));
  return { campuses, programs, students };
}

function randomStudent(
  random: Random,
  id_student: number,
  { campuses, programs }: Pick<MatchInputs, 'campuses' | 'programs'>,
  { coarse, diverse }: { coarse: boolean; diverse: boolean },
): MatchStudent {
  const most = Math.min(programs.length, MAX_CHOICES);
  const length = diverse ? most - below(random, 2) : below(random, most + 1);
  const priorities: CampusPriority[] = campuses
    .filter((c) => c.noPriorityLevel > 1 && random() < (diverse ? 0.9 : 0.4))
    .map((c) => ({
      id_campus: c.id_campus,
      level: 1 + below(random, c.noPriorityLevel - 1),
      weight: random() < 0.7 ? 1 : [0.5, 2, 3][below(random, 3)],
    }));
  return {
    id_student,
    choices: shuffled(random, programs)
      .slice(0, length)
      .map((p) => p.id_program),
    number: coarse ? (1 + below(random, 5)) / 6 : random(),
    priorities,
    siblingCampuses: random() < 0.2 ? [campuses[below(random, campuses.length)].id_campus] : [],
  };
}

/** A student's program, or null: what every implementation here is compared by. */
type Assignment = Map<number, number | null>;
const assignmentOf = (result: MatchResult): Assignment =>
  new Map(result.students.map((s) => [s.id_student, s.id_program]));

/**
 * The programs' order restated from docs/matching.md: level (the item's, or the campus's no-priority level; the
 * sibling level when a brother or sister is enrolled there and it is lower), then the larger number^(1/weight), then
 * the smaller id. `ahead(p, a, b)`: student a comes before student b at program p.
 */
function programOrder({ campuses, programs, students }: MatchInputs) {
  const standing = new Map<number, Map<number, [number, number]>>();
  for (const program of programs) {
    const campus = campuses.find((c) => c.id_campus === program.id_campus)!;
    const at = new Map<number, [number, number]>();
    for (const student of students) {
      const item = student.priorities.find((p) => p.id_campus === campus.id_campus);
      let level = item ? item.level : campus.noPriorityLevel;
      if (campus.siblingLevel !== null && student.siblingCampuses.includes(campus.id_campus))
        level = Math.min(level, campus.siblingLevel);
      const weight = item ? item.weight : 1;
      at.set(student.id_student, [level, weight === 1 ? student.number : Math.pow(student.number, 1 / weight)]);
    }
    standing.set(program.id_program, at);
  }
  return (id_program: number, a: number, b: number) => {
    const [x, y] = [standing.get(id_program)!.get(a)!, standing.get(id_program)!.get(b)!];
    return x[0] !== y[0] ? x[0] < y[0] : x[1] !== y[1] ? x[1] > y[1] : a < b;
  };
}
type Ahead = ReturnType<typeof programOrder>;
const sortAt = (ahead: Ahead, id_program: number, ids: number[]) =>
  [...ids].sort((a, b) => (ahead(id_program, a, b) ? -1 : 1));

/** The students each program holds under `assignment`. */
function holders(inputs: MatchInputs, assignment: Assignment) {
  const held = new Map<number, number[]>(inputs.programs.map((p) => [p.id_program, []]));
  for (const [id_student, id_program] of assignment) if (id_program !== null) held.get(id_program)!.push(id_student);
  return held;
}

/**
 * What makes `assignment` not a stable matching: a program over its seats, a program the student did not rank, or a
 * blocking pair (a student and a program it ranked above its own, with a free seat there or a holder it comes before).
 */
function instabilities(inputs: MatchInputs, assignment: Assignment, ahead: Ahead): string[] {
  const problems: string[] = [];
  const held = holders(inputs, assignment);
  for (const program of inputs.programs)
    if (held.get(program.id_program)!.length > program.seats)
      problems.push(`program ${program.id_program}: over seats`);
  for (const student of inputs.students) {
    const got = assignment.get(student.id_student) ?? null;
    const rank = got === null ? student.choices.length : student.choices.indexOf(got);
    if (rank < 0) problems.push(`student ${student.id_student}: matched to an unranked program`);
    for (const id_program of student.choices.slice(0, Math.max(rank, 0))) {
      const there = held.get(id_program)!;
      const seats = inputs.programs.find((p) => p.id_program === id_program)!.seats;
      if (there.length < seats || there.some((other) => ahead(id_program, student.id_student, other)))
        problems.push(`student ${student.id_student} and program ${id_program} block`);
    }
  }
  return problems;
}

/**
 * Deferred acceptance as the textbook states it (Gale & Shapley 1962; Roth & Sotomayor 1990, ch. 5), in rounds:
 * every student not held proposes to its next program; each program keeps the best of those it held and the new
 * ones, up to its seats, and rejects the rest.
 */
function textbookMatch(inputs: MatchInputs, ahead: Ahead): Assignment {
  const next = new Map(inputs.students.map((s) => [s.id_student, 0]));
  const held = new Map<number, number[]>(inputs.programs.map((p) => [p.id_program, []]));
  const seats = new Map(inputs.programs.map((p) => [p.id_program, p.seats]));
  const byId = new Map(inputs.students.map((s) => [s.id_student, s]));
  let free = inputs.students;
  while (free.length) {
    const proposals = new Map<number, number[]>();
    for (const student of free) {
      const n = next.get(student.id_student)!;
      if (n >= student.choices.length) continue;
      next.set(student.id_student, n + 1);
      const list = proposals.get(student.choices[n]) ?? [];
      proposals.set(student.choices[n], [...list, student.id_student]);
    }
    free = [];
    for (const [id_program, ids] of proposals) {
      const all = sortAt(ahead, id_program, [...held.get(id_program)!, ...ids]);
      held.set(id_program, all.slice(0, seats.get(id_program)));
      free.push(...all.slice(seats.get(id_program)).map((id) => byId.get(id)!));
    }
  }
  const assignment: Assignment = new Map(inputs.students.map((s) => [s.id_student, null]));
  for (const [id_program, ids] of held) for (const id of ids) assignment.set(id, id_program);
  return assignment;
}

/** The documented waiting lists: who ranked the program above its match (or got none), in the program's order. */
function expectedWaiting(inputs: MatchInputs, assignment: Assignment, ahead: Ahead) {
  const waiting = new Map<number, number[]>(inputs.programs.map((p) => [p.id_program, []]));
  for (const student of inputs.students) {
    const got = assignment.get(student.id_student) ?? null;
    const rank = got === null ? student.choices.length : student.choices.indexOf(got);
    for (const id_program of student.choices.slice(0, rank)) waiting.get(id_program)!.push(student.id_student);
  }
  return new Map([...waiting].map(([id_program, ids]) => [id_program, sortAt(ahead, id_program, ids)]));
}

const same = (x: Assignment, y: Assignment) => x.size === y.size && [...x].every(([id, p]) => y.get(id) === p);

describe('the match on 1,000 random rounds of up to 200 students x 20 programs', () => {
  it('is stable, equals a textbook deferred acceptance, and lists matches and waiting lists as documented', () => {
    const random = generator(26);
    let [matchedSomewhere, blockedSomewhere] = [0, 0];
    for (let i = 0; i < 1000; i++) {
      const inputs = randomRound(random, 200, 20);
      const ahead = programOrder(inputs);
      const result = matchStudents(inputs);
      const assignment = assignmentOf(result);
      expect(instabilities(inputs, assignment, ahead), `round ${i}`).toEqual([]);
      const textbook = textbookMatch(inputs, ahead);
      if (!same(assignment, textbook)) expect([...assignment], `round ${i}`).toEqual([...textbook]);

      const held = holders(inputs, assignment);
      const waiting = expectedWaiting(inputs, assignment, ahead);
      for (const { id_program, matched, waiting: list } of result.programs) {
        const expected = {
          matched: sortAt(ahead, id_program, held.get(id_program)!),
          waiting: waiting.get(id_program),
        };
        if (JSON.stringify({ matched, waiting: list }) !== JSON.stringify(expected))
          expect({ id_program, matched, waiting: list }, `round ${i}`).toEqual({ id_program, ...expected });
      }
      const choices = new Map(inputs.students.map((s) => [s.id_student, s.choices]));
      for (const s of result.students) {
        const choice = s.id_program === null ? null : choices.get(s.id_student)!.indexOf(s.id_program) + 1;
        if (s.choice !== choice) expect(s, `round ${i}`).toEqual({ ...s, choice });
      }
      matchedSomewhere += result.students.filter((s) => s.id_program !== null).length;
      blockedSomewhere += result.programs.filter((p) => p.waiting.length > 0).length;
    }
    // the rounds are not trivial: many students matched, many programs with a waiting list
    expect(matchedSomewhere).toBeGreaterThan(20_000);
    expect(blockedSomewhere).toBeGreaterThan(3_000);
  });

  it('gives the same result whatever order campuses, programs, students and priority items come in', () => {
    const random = generator(7);
    for (let i = 0; i < 100; i++) {
      const inputs = randomRound(random, 60, 10);
      const reordered: MatchInputs = {
        campuses: shuffled(random, inputs.campuses),
        programs: shuffled(random, inputs.programs),
        students: shuffled(random, inputs.students).map((s) => ({ ...s, priorities: shuffled(random, s.priorities) })),
      };
      expect(matchStudents(reordered)).toEqual(matchStudents(inputs));
    }
  });
});

/** Every stable matching of a small round, by trying every assignment of each student to a choice or to none. */
function everyStableMatching(inputs: MatchInputs, ahead: Ahead): Assignment[] {
  const stable: Assignment[] = [];
  const seatsLeft = new Map(inputs.programs.map((p) => [p.id_program, p.seats]));
  const assignment: Assignment = new Map();
  const assign = (i: number) => {
    if (i === inputs.students.length) {
      if (instabilities(inputs, assignment, ahead).length === 0) stable.push(new Map(assignment));
      return;
    }
    const student = inputs.students[i];
    for (const option of [...student.choices, null]) {
      if (option !== null && seatsLeft.get(option)! === 0) continue;
      if (option !== null) seatsLeft.set(option, seatsLeft.get(option)! - 1);
      assignment.set(student.id_student, option);
      assign(i + 1);
      if (option !== null) seatsLeft.set(option, seatsLeft.get(option)! + 1);
    }
  };
  assign(0);
  return stable;
}

describe('the match on 500 small rounds (up to 7 students x 4 programs)', () => {
  it('is the student-optimal stable matching: every student weakly prefers it to every stable matching', () => {
    const random = generator(1962);
    let several = 0;
    for (let i = 0; i < 500; i++) {
      const inputs = randomRound(random, 7, 4, i % 2 === 0);
      const ahead = programOrder(inputs);
      const stable = everyStableMatching(inputs, ahead);
      // a student's rank of its program (none: after its whole list), the best over every stable matching
      const rankOf = (student: MatchStudent, a: Assignment) => {
        const got = a.get(student.id_student) ?? null;
        return got === null ? student.choices.length : student.choices.indexOf(got);
      };
      const best: Assignment = new Map(
        inputs.students.map((student) => {
          const rank = Math.min(...stable.map((a) => rankOf(student, a)));
          return [student.id_student, student.choices[rank] ?? null];
        }),
      );
      // the best of each student is itself one stable matching (the lattice's top), and it is the engine's
      expect(
        stable.some((a) => same(a, best)),
        `round ${i}`,
      ).toBe(true);
      const assignment = assignmentOf(matchStudents(inputs));
      if (!same(assignment, best)) expect([...assignment], `round ${i}`).toEqual([...best]);
      if (stable.length > 1) several++;
    }
    // rounds with a choice between stable matchings, where being student-optimal means something
    expect(several).toBeGreaterThan(10);
  });
});

describe('no gain from misreporting (1,000 probes)', () => {
  it('never gives a student a program it truly prefers for swapping two of its choices or dropping one', () => {
    const random = generator(2009);
    let [probes, changed] = [0, 0];
    while (probes < 1000) {
      const inputs = randomRound(random, 60, 10);
      const truthful = assignmentOf(matchStudents(inputs));
      for (let k = 0; k < 5; k++) {
        const liar = inputs.students[below(random, inputs.students.length)];
        if (liar.choices.length < 2) continue;
        const list = [...liar.choices];
        const [i, j] = [below(random, list.length), below(random, list.length)];
        if (random() < 0.5 && i !== j) [list[i], list[j]] = [list[j], list[i]];
        else list.splice(i, 1);
        const students = inputs.students.map((s) => (s === liar ? { ...s, choices: list } : s));
        const got = assignmentOf(matchStudents({ ...inputs, students })).get(liar.id_student) ?? null;
        const truly = (p: number | null) => (p === null ? Infinity : liar.choices.indexOf(p));
        expect(truly(got), `probe ${probes}`).toBeGreaterThanOrEqual(truly(truthful.get(liar.id_student) ?? null));
        if (got !== truthful.get(liar.id_student)) changed++;
        probes++;
      }
    }
    // the lies do change outcomes (for the worse): the probes reach students whose match depends on their list
    expect(changed).toBeGreaterThan(100);
  });
});

const campus = (id_campus: number, noPriorityLevel = 3, siblingLevel: number | null = null): MatchCampus => ({
  id_campus,
  noPriorityLevel,
  siblingLevel,
});
const program = (id_program: number, id_campus: number, seats: number): MatchProgram => ({
  id_program,
  id_campus,
  seats,
});
const student = (id_student: number, number: number, choices: number[], more: Partial<MatchStudent> = {}) => ({
  id_student,
  number,
  choices,
  priorities: [],
  siblingCampuses: [],
  ...more,
});
const programOf = (result: MatchResult, id_student: number) =>
  result.students.find((s) => s.id_student === id_student)!.id_program;
const listsOf = (result: MatchResult, id_program: number) => {
  const { matched, waiting } = result.programs.find((p) => p.id_program === id_program)!;
  return { matched, waiting };
};

describe('ties: the single number, then the id', () => {
  it('with one level everywhere, equals students choosing one after another by their number (largest first)', () => {
    const random = generator(2003);
    for (let i = 0; i < 200; i++) {
      const round = randomRound(random, 80, 12);
      const inputs: MatchInputs = {
        campuses: round.campuses.map((c) => ({ ...c, noPriorityLevel: 1, siblingLevel: null })),
        programs: round.programs,
        students: round.students.map((s) => ({ ...s, priorities: [], siblingCampuses: [] })),
      };
      // serial dictatorship (Abdulkadiroglu & Sönmez 1998): the number orders the students once, for every program
      const seatsLeft = new Map(inputs.programs.map((p) => [p.id_program, p.seats]));
      const order = [...inputs.students].sort((a, b) => b.number - a.number || a.id_student - b.id_student);
      const expected: Assignment = new Map();
      for (const s of order) {
        const id_program = s.choices.find((p) => seatsLeft.get(p)! > 0) ?? null;
        if (id_program !== null) seatsLeft.set(id_program, seatsLeft.get(id_program)! - 1);
        expected.set(s.id_student, id_program);
      }
      const assignment = assignmentOf(matchStudents(inputs));
      if (!same(assignment, expected)) expect([...assignment], `round ${i}`).toEqual([...expected]);
    }
  });

  it('decides equal numbers by the smaller id, at every program alike', () => {
    const inputs: MatchInputs = {
      campuses: [campus(1), campus(2)],
      programs: [program(10, 1, 1), program(20, 2, 1)],
      students: [student(8, 0.5, [10, 20]), student(5, 0.5, [10, 20]), student(9, 0.5, [20])],
    };
    const result = matchStudents(inputs);
    expect([programOf(result, 5), programOf(result, 8), programOf(result, 9)]).toEqual([10, 20, null]);
    expect(listsOf(result, 20)).toEqual({ matched: [8], waiting: [9] });
  });

  it('keeps the number as it is at weight 1 and uses number^(1/weight) otherwise (the lottery key)', () => {
    expect(keyOf(0.3, 1)).toBe(0.3);
    expect(keyOf(0.5, 4)).toBe(0.5 ** 0.25);
    // weight 4 at campus 1 (0.5^(1/4) = 0.84) beats 0.6 there; at campus 2 the same student has weight 1 and loses
    const weighted = { priorities: [{ id_campus: 1, level: 3, weight: 4 }] };
    const inputs: MatchInputs = {
      campuses: [campus(1), campus(2)],
      programs: [program(10, 1, 1), program(20, 2, 1)],
      students: [
        student(1, 0.5, [10], weighted),
        student(2, 0.6, [10]),
        student(3, 0.5, [20], weighted),
        student(4, 0.6, [20]),
      ],
    };
    const result = matchStudents(inputs);
    expect(listsOf(result, 10)).toEqual({ matched: [1], waiting: [2] });
    expect(listsOf(result, 20)).toEqual({ matched: [4], waiting: [3] });
  });

  it('ranks levels before numbers: a lower level wins whatever the numbers', () => {
    const inputs: MatchInputs = {
      campuses: [campus(1, 3)],
      programs: [program(10, 1, 1)],
      students: [
        student(1, 0.99, [10]),
        student(2, 0.01, [10], { priorities: [{ id_campus: 1, level: 2, weight: 1 }] }),
      ],
    };
    expect(listsOf(matchStudents(inputs), 10)).toEqual({ matched: [2], waiting: [1] });
  });
});

describe('sibling priority: a brother or sister enrolled at the campus', () => {
  // campus 1: no item is level 4, siblings level 1; x has an item at level 2 and the better number
  const round = (siblingLevel: number | null, y: Partial<MatchStudent>): MatchInputs => ({
    campuses: [campus(1, 4, siblingLevel), campus(2, 4, siblingLevel)],
    programs: [program(10, 1, 1), program(20, 2, 1)],
    students: [
      student(1, 0.9, [10, 20], { priorities: [{ id_campus: 1, level: 2, weight: 1 }] }),
      student(2, 0.1, [10, 20], y),
    ],
  });

  it("puts the student at the campus's sibling level there", () => {
    const result = matchStudents(round(1, { siblingCampuses: [1] }));
    expect(listsOf(result, 10)).toEqual({ matched: [2], waiting: [1] });
    expect(programOf(result, 1)).toBe(20);
  });

  it('does nothing when the rule is off, at another campus, or when the sibling level is not better', () => {
    expect(listsOf(matchStudents(round(null, { siblingCampuses: [1] })), 10).matched).toEqual([1]);
    expect(listsOf(matchStudents(round(1, { siblingCampuses: [2] })), 10).matched).toEqual([1]);
    // y's own level 2 (a tie with x, lost on the number) stays: a sibling level of 3 would not lift it
    const own = { siblingCampuses: [1], priorities: [{ id_campus: 1, level: 2, weight: 1 }] };
    expect(listsOf(matchStudents(round(3, own)), 10).matched).toEqual([1]);
    // and does not lower it either: y at level 2 still comes before a level-3 student with a better number
    const inputs = round(3, own);
    inputs.students.push(student(3, 0.95, [10], { priorities: [{ id_campus: 1, level: 3, weight: 1 }] }));
    inputs.students[0].choices = [20];
    expect(listsOf(matchStudents(inputs), 10)).toEqual({ matched: [2], waiting: [3] });
  });

  it("keeps the weight of the student's own item when the sibling rule lifts it", () => {
    const lifted = { siblingCampuses: [1], priorities: [{ id_campus: 1, level: 3, weight: 100 }] };
    const inputs = round(1, lifted);
    inputs.students[0].priorities = [];
    inputs.students[0].siblingCampuses = [1];
    // both at level 1; 0.1^(1/100) = 0.977 beats 0.9
    expect(listsOf(matchStudents(inputs), 10)).toEqual({ matched: [2], waiting: [1] });
  });
});

describe('waiting lists and seats', () => {
  const inputs: MatchInputs = {
    campuses: [campus(1), campus(2)],
    programs: [program(10, 1, 1), program(20, 2, 2), program(30, 2, 0)],
    students: [
      student(1, 0.9, [10, 20]),
      student(2, 0.8, [10, 30, 20]),
      student(3, 0.7, [30, 10]),
      student(4, 0.6, [10, 20]),
      student(5, 0.5, [20, 10]),
    ],
  };
  const result = matchStudents(inputs);

  it('gives each student its best program where it is not outranked, with the rank of that choice', () => {
    expect(result.students).toEqual([
      { id_student: 1, id_program: 10, choice: 1 },
      { id_student: 2, id_program: 20, choice: 3 },
      { id_student: 3, id_program: null, choice: null },
      { id_student: 4, id_program: 20, choice: 2 },
      { id_student: 5, id_program: null, choice: null },
    ]);
  });

  it('lists at each program who ranked it above their match, or got none, in the order of the program', () => {
    expect(result.programs).toEqual([
      { id_program: 10, matched: [1], waiting: [2, 3, 4, 5] },
      { id_program: 20, matched: [2, 4], waiting: [5] },
      { id_program: 30, matched: [], waiting: [2, 3] },
    ]);
  });

  it('never fills more seats than a program has, and a program with 0 seats none', () => {
    const random = generator(3);
    for (let i = 0; i < 100; i++) {
      const round = randomRound(random, 200, 20);
      const matched = matchStudents(round).programs;
      for (const p of round.programs)
        expect(matched.find((m) => m.id_program === p.id_program)!.matched.length).toBeLessThanOrEqual(p.seats);
    }
  });

  it('finds a blocking pair in a matching that is not stable (the checker above can fail)', () => {
    const ahead = programOrder(inputs);
    const swapped: Assignment = new Map(
      [...assignmentOf(result)].map(([id, p]) => [id, id === 1 ? 20 : id === 4 ? 10 : p]),
    );
    expect(instabilities(inputs, swapped, ahead)).toContain('student 1 and program 10 block');
    const empty: Assignment = new Map(inputs.students.map((s) => [s.id_student, null]));
    expect(instabilities(inputs, empty, ahead).length).toBeGreaterThan(0);
  });
});

describe('input checks', () => {
  const base: MatchInputs = {
    campuses: [campus(1)],
    programs: [program(10, 1, 1), program(20, 1, 1)],
    students: [student(1, 0.5, [10, 20])],
  };
  const withStudent = (more: Partial<MatchStudent>) => ({ ...base, students: [{ ...base.students[0], ...more }] });

  it('refuses a round that breaks a precondition, naming what', () => {
    const thirteen = Array.from({ length: 13 }, (_, i) => 100 + i);
    expect(() => matchStudents(withStudent({ choices: [10, 10] }))).toThrow('ranked twice');
    expect(() => matchStudents(withStudent({ choices: [30] }))).toThrow('program 30 is not in the round');
    expect(() => matchStudents(withStudent({ choices: thirteen }))).toThrow('more than 12 choices');
    expect(() => matchStudents(withStudent({ number: 1 }))).toThrow('strictly between 0 and 1');
    expect(() => matchStudents(withStudent({ number: 0 }))).toThrow('strictly between 0 and 1');
    expect(() => matchStudents(withStudent({ priorities: [{ id_campus: 1, level: 1, weight: 0 }] }))).toThrow(
      'must be > 0',
    );
    expect(() => matchStudents({ ...base, students: [base.students[0], base.students[0]] })).toThrow('listed twice');
    expect(() => matchStudents({ ...base, programs: [program(10, 2, 1)] })).toThrow('campus 2 is not in the round');
    expect(() => matchStudents({ ...base, programs: [program(10, 1, -1)] })).toThrow('seats must be');
    expect(matchStudents({ ...base, students: [] })).toEqual({
      students: [],
      programs: [
        { id_program: 10, matched: [], waiting: [] },
        { id_program: 20, matched: [], waiting: [] },
      ],
    });
  });
});
