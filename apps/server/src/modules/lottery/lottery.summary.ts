import {
  LOTTERY_PAGE_SIZE,
  type LotteryGradeCount,
  type LotteryOutcome,
  type LotteryResult,
} from '@openseat/shared/schemas/lottery';
import type { Executor } from '../../db/client';
import type { DrawOutcome } from './lottery.draw';
import * as repo from './lottery.repository';

/*
 * The answer of a draw, a practice run or a drawn record (docs/api-lottery.md, "The answer"): counts per grade and the
 * first page of each grade's lists, the same size for 100 applications or 100,000. Only the outcomes it shows are
 * named (one read of their correlatives and applicants); the record holds every outcome.
 */

/** An outcome before it is named: what the draw (or a late move) decided, with the entry's weight. */
export type UnnamedOutcome = Omit<DrawOutcome, 'result'> & { result: LotteryOutcome['result']; weight: number };

/** The outcomes with what staff read of them (correlative, applicant, grade and priority item names), in order. */
export async function namedOutcomes(db: Executor, outcomes: readonly UnnamedOutcome[]): Promise<LotteryOutcome[]> {
  if (!outcomes.length) return [];
  const labels = new Map(
    (
      await repo.applicationLabels(
        db,
        outcomes.map((o) => o.id_application),
      )
    ).map((l) => [l.id_application, l]),
  );
  const grades = new Map((await repo.gradeCatalog(db)).map((g) => [g.id_grade, g.name]));
  const items = new Map((await repo.priorityItemNames(db)).map((p) => [p.id, p.name]));
  return outcomes.map((o) => {
    const label = labels.get(o.id_application);
    return {
      id_application: o.id_application,
      correlative: label?.correlative ?? 0,
      applicantName: label?.applicantName ?? '',
      id_grade: o.id_grade,
      grade: grades.get(o.id_grade) ?? '',
      result: o.result,
      order: o.order,
      lottery_number: o.lottery_number,
      level: o.level,
      priorityItem: label?.id_priority_item == null ? null : (items.get(label.id_priority_item) ?? null),
      weight: o.weight,
      sibling: o.sibling,
      waiting_list_position: o.waiting_list_position,
    };
  });
}

export type AnswerParts = {
  lottery: LotteryResult['lottery'];
  seed: string;
  /** The drawn grades in draw order (the inputs' grades). */
  grades: ReadonlyArray<{ id_grade: number }>;
  outcomes: readonly DrawOutcome[];
  /** The late applications placed after the draw, in arrival order. */
  late: readonly UnnamedOutcome[];
  skipped: ReadonlyArray<{ id_application: number; correlative: number }>;
  weightOf: (id_application: number) => number;
};

/** The answer: every count, and the first `LOTTERY_PAGE_SIZE` of each grade's lists, of the late and the skipped. */
export async function answerOf(db: Executor, parts: AnswerParts): Promise<LotteryResult> {
  const size = LOTTERY_PAGE_SIZE;
  const counts = new Map<number, Omit<LotteryGradeCount, 'grade'>>();
  const countOf = (id_grade: number) => {
    let count = counts.get(id_grade);
    if (!count) counts.set(id_grade, (count = { id_grade, considered: 0, selected: 0, waiting: 0, late: 0 }));
    return count;
  };
  for (const g of parts.grades) countOf(g.id_grade);
  const shown: UnnamedOutcome[] = [];
  let selected = 0;
  for (const o of parts.outcomes) {
    const count = countOf(o.id_grade);
    count.considered++;
    const before = o.result === 'selected' ? count.selected++ : count.waiting++;
    if (o.result === 'selected') selected++;
    if (before < size) shown.push({ ...o, weight: parts.weightOf(o.id_application) });
  }
  for (const o of parts.late) countOf(o.id_grade).late++;
  const named = await namedOutcomes(db, [...shown, ...parts.late.slice(0, size)]);
  const grades = new Map((await repo.gradeCatalog(db)).map((g) => [g.id_grade, g.name]));
  return {
    lottery: parts.lottery,
    practice: parts.lottery === null,
    seed: parts.seed,
    pageSize: size,
    counts: {
      considered: parts.outcomes.length,
      selected,
      waiting: parts.outcomes.length - selected,
      late: parts.late.length,
      skipped: parts.skipped.length,
    },
    grades: [...counts.values()]
      .filter((c) => c.considered > 0 || c.late > 0)
      .map((c) => ({ ...c, grade: grades.get(c.id_grade) ?? '' })),
    selectedList: named.slice(0, shown.length).filter((o) => o.result === 'selected'),
    waitingList: named.slice(0, shown.length).filter((o) => o.result === 'waiting'),
    late: named.slice(shown.length),
    skipped: parts.skipped
      .slice(0, size)
      .map((p) => ({ id_application: p.id_application, correlative: p.correlative, reason: 'lotteryNeedsGrade' })),
  };
}
