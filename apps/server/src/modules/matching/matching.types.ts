/*
 * The inputs and the result of the unified-enrollment match (issue 26): student-proposing deferred acceptance with one
 * random number per student. docs/matching.md states every rule precisely enough to re-implement it.
 */

/** A family ranks at most this many programs (Denver's and DC's number). */
export const MAX_CHOICES = 12;

/**
 * A campus of the choice round and the two levels it adds to its own priority items. Levels are integers; lower is
 * served first.
 */
export type MatchCampus = {
  id_campus: number;
  /** The level of a student with no priority item at this campus: the campus's last level + 1, as in the lottery. */
  noPriorityLevel: number;
  /** The level of a brother or sister of a student already enrolled at the campus; null: sibling priority is off. */
  siblingLevel: number | null;
};

/** A campus x grade with its free seats (0 is allowed: nobody is matched, everyone who ranks it waits). */
export type MatchProgram = { id_program: number; id_campus: number; seats: number };

/** The student's priority item at one campus: its level there and its weight (> 0; 1 keeps the number as it is). */
export type CampusPriority = { id_campus: number; level: number; weight: number };

export type MatchStudent = {
  id_student: number;
  /** Programs, best first: at most MAX_CHOICES, no repeats. */
  choices: number[];
  /** The student's single random number, strictly between 0 and 1: the lottery's uniform number of the student. */
  number: number;
  /** At most one per campus; a campus missing here puts the student at its `noPriorityLevel` with weight 1. */
  priorities: CampusPriority[];
  /** Campuses where a brother or sister is already enrolled before the match (the sibling rule, docs/matching.md). */
  siblingCampuses: number[];
};

export type MatchInputs = { campuses: MatchCampus[]; programs: MatchProgram[]; students: MatchStudent[] };

/** `id_program` null: matched nowhere; `choice` is the 1-based rank of the matched program in the student's list. */
export type StudentMatch = { id_student: number; id_program: number | null; choice: number | null };

/**
 * A program's outcome. Both lists are in the program's order (level, then the larger key, then the smaller id):
 * `waiting[i]` holds waiting-list position i + 1.
 */
export type ProgramMatch = { id_program: number; matched: number[]; waiting: number[] };

/** Students by id, programs by id. */
export type MatchResult = { students: StudentMatch[]; programs: ProgramMatch[] };
