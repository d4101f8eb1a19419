import type { LotteryOutcome, LotteryResult } from '@openseat/shared/schemas/lottery';

/** A SHA-256 read aloud in a room: groups of four hex digits. */
export const fingerprint = (hash: string | null | undefined) => (hash ?? '').match(/.{1,4}/g)?.join(' ') ?? '';

/** The grades of a result in draw order, each with its outcomes (selected first, then waiting). */
export function byGrade(outcomes: readonly LotteryOutcome[]) {
  const grades = new Map<number, { id_grade: number; grade: string; outcomes: LotteryOutcome[] }>();
  for (const o of outcomes) {
    const g = grades.get(o.id_grade) ?? { id_grade: o.id_grade, grade: o.grade, outcomes: [] };
    g.outcomes.push(o);
    grades.set(o.id_grade, g);
  }
  for (const g of grades.values()) g.outcomes.sort((a, b) => a.order - b.order);
  return [...grades.values()];
}

/** The outcomes an answer shows, in draw order: grade by grade (`grades`), each grade's selected then its waiting list. */
export function drawOrder(result: Pick<LotteryResult, 'selectedList' | 'waitingList' | 'grades'>) {
  const rank = new Map(result.grades.map((g, i) => [g.id_grade, i]));
  return [...result.selectedList, ...result.waitingList].sort(
    (x, y) => (rank.get(x.id_grade) ?? 0) - (rank.get(y.id_grade) ?? 0) || x.order - y.order,
  );
}
