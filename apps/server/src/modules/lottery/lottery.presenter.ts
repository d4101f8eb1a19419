import type { LotteryOutcome, LotteryRecord, LotteryState, LotterySummary } from '@openseat/shared/schemas/lottery';
import type { LotteryRow, LotterySummaryRow } from './lottery.repository';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** Whether a lottery was drawn: the period's draw, or one set aside by a re-run (its record stays, read-only). */
export const wasDrawn = (l: { state: string }) => l.state === 'drawn' || l.state === 'superseded';

/**
 * A lottery's summary: the seed only once drawn (a committed seed stays secret until the draw), and of the dice only
 * how many entries there are (the second user must not see the first's digits).
 */
export function presentSummary(row: LotterySummaryRow): LotterySummary {
  const l = row.lottery;
  const drawn = wasDrawn(l);
  return {
    id_lottery: l.id_lottery,
    id_campus_year: l.id_campus_year,
    state: l.state as LotteryState,
    algorithm: l.algorithm,
    seedHash: l.seedHash,
    seed: drawn ? l.seed : null,
    frozenAt: iso(l.frozenAt),
    source: l.source as LotterySummary['source'],
    beaconChain: l.beaconChain,
    beaconRound: l.beaconRound,
    roundAt: iso(l.roundAt),
    diceEntries: l.diceDigits ? 2 : l.diceFirstEntry ? 1 : 0,
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
