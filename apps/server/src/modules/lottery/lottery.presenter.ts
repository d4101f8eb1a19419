import type { LotteryOutcome, LotteryRecord, LotterySummary } from '@openseat/shared/schemas/lottery';
import type { LotteryRow, LotterySummaryRow } from './lottery.repository';

/** A lottery's summary: the seed only once drawn (a committed seed stays secret until the draw). */
export function presentSummary(row: LotterySummaryRow): LotterySummary {
  const l = row.lottery;
  const drawn = l.state === 'drawn';
  return {
    id_lottery: l.id_lottery,
    id_campus_year: l.id_campus_year,
    state: drawn ? 'drawn' : 'committed',
    algorithm: l.algorithm,
    seedHash: l.seedHash,
    seed: drawn ? l.seed : null,
    inputsHash: l.inputsHash,
    resultHash: l.resultHash,
    consideredCount: l.consideredCount,
    selectedCount: l.selectedCount,
    waitingCount: l.waitingCount,
    createdAt: l.createdAt.toISOString(),
    drawnAt: l.drawnAt?.toISOString() ?? null,
    drawnBy: row.drawnBy ?? null,
  };
}

export function presentRecord(
  row: LotteryRow,
  extra: { campus: string; schoolYear: string; siblingLevel: number | null; outcomes: LotteryOutcome[] },
): LotteryRecord {
  return {
    ...presentSummary(row),
    campus: extra.campus,
    schoolYear: extra.schoolYear,
    siblingLevel: extra.siblingLevel,
    outcomes: extra.outcomes.map((o) => ({
      id_application: o.id_application,
      correlative: o.correlative,
      applicantName: o.applicantName,
      id_grade: o.id_grade,
      grade: o.grade,
      result: o.result,
      order: o.order,
      lottery_number: o.lottery_number,
      level: o.level,
      priorityItem: o.priorityItem,
      weight: o.weight,
      sibling: o.sibling,
      waiting_list_position: o.waiting_list_position,
    })),
  };
}
