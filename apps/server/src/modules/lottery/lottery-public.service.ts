import type { LotteryState } from '@openseat/shared/schemas/lottery';
import type { LotteryPublicLottery, LotteryPublicPage, LotteryReport } from '@openseat/shared/schemas/lottery-public';
import type { Db } from '../../db/client';
import { scopeDatabaseTo } from '../../lib/database-scope';
import { notFound } from '../../lib/errors';
import { lotteryRecordCsv } from './lottery.csv';
import type { DrawInputs, DrawOutcome } from './lottery.draw';
import { logFile } from './lottery.log-chain';
import { EMPTY_REPORT, lotteryReport, reportCsv } from './lottery.report';
import { recordV2Of } from './lottery.record-v2';
import { wasDrawn } from './lottery.presenter';
import * as repo from './lottery-public.repository';

/*
 * A school period's public lottery page (docs/api-lottery.md, "The public page"): its log, its lotteries' facts, the
 * results report and the record file, for anyone holding the period's public token. The token is the only key: an
 * unknown one is 404, and every read is kept to the one period it names. No person is named: the page shows ids,
 * hashes, rounds, counts (small ones suppressed) and grade names; the record's "drawn by" is left empty.
 */

async function requirePeriod(db: Db, token: string) {
  const period = await repo.periodByToken(db, token);
  if (!period) throw notFound();
  scopeDatabaseTo(period.id_school);
  return period;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** A lottery's public facts; its seed only once drawn (before, a v1 committed seed is still secret). */
function presentPublicLottery(l: repo.PublicLotteryRow): LotteryPublicLottery {
  const drawn = wasDrawn(l);
  return {
    id_lottery: l.id_lottery,
    state: l.state as LotteryState,
    algorithm: l.algorithm,
    frozenAt: iso(l.frozenAt),
    source: l.source as LotteryPublicLottery['source'],
    beaconChain: l.beaconChain,
    beaconRound: l.beaconRound,
    roundAt: iso(l.roundAt),
    inputsHash: l.inputsHash,
    seed: drawn ? l.seed : null,
    seedHash: l.seedHash,
    resultHash: l.resultHash,
    drawnAt: iso(l.drawnAt),
  };
}

type Drawn = NonNullable<Awaited<ReturnType<typeof repo.drawnLottery>>>;
const isComplete = (l: Drawn | undefined): l is Drawn & { inputs: DrawInputs; result: DrawOutcome[] } =>
  Boolean(l?.inputs && l.result && l.inputsHash && l.resultHash && l.drawnAt);

async function gradeNameOf(db: Db) {
  const names = new Map((await repo.gradeNames(db)).map((g) => [g.id_grade, g.name]));
  return (id_grade: number) => names.get(id_grade) ?? String(id_grade);
}

async function reportOf(db: Db, period: repo.PublicPeriod): Promise<LotteryReport> {
  const drawn = await repo.drawnLottery(db, period);
  if (!isComplete(drawn)) return EMPTY_REPORT;
  return lotteryReport(drawn.id_lottery, drawn.inputs, drawn.result, await gradeNameOf(db));
}

/** `GET /public/lottery/:token`. */
export async function publicPage(db: Db, token: string): Promise<LotteryPublicPage> {
  const period = await requirePeriod(db, token);
  return {
    school: period.school,
    campus: period.campus,
    schoolYear: period.schoolYear,
    log: await repo.periodLog(db, period),
    lotteries: (await repo.periodLotteries(db, period)).map(presentPublicLottery),
    report: await reportOf(db, period),
  };
}

/** `GET /public/lottery/:token/log.jsonl`: the log file a verifier reads (scripts/verify-lottery.mjs). */
export async function publicLogFile(db: Db, token: string) {
  const period = await requirePeriod(db, token);
  return { filename: `lottery-log-${period.id_campus_year}.jsonl`, text: logFile(await repo.periodLog(db, period)) };
}

/** `GET /public/lottery/:token/report.csv`: the results report; only its header line before a draw. */
export async function publicReportCsv(db: Db, token: string, lang: 'en' | 'es') {
  const period = await requirePeriod(db, token);
  return { filename: `lottery-report-${period.id_campus_year}.csv`, csv: reportCsv(await reportOf(db, period), lang) };
}

/** `GET /public/lottery/:token/record.csv`: the drawn (not superseded) lottery's record file; 404 before a draw. */
export async function publicRecordCsv(db: Db, token: string) {
  const period = await requirePeriod(db, token);
  const l = await repo.drawnLottery(db, period);
  if (!isComplete(l)) throw notFound();
  const gradeName = await gradeNameOf(db);
  const correlatives = new Map(
    (
      await repo.correlatives(
        db,
        period,
        l.result.map((o) => o.id_application),
      )
    ).map((r) => [r.id_application, r.correlative]),
  );
  const csv = lotteryRecordCsv({
    algorithm: l.algorithm,
    seed: l.seed ?? '',
    seedHash: l.seedHash ?? '',
    inputs: l.inputs,
    inputsHash: l.inputsHash ?? '',
    result: l.result,
    resultHash: l.resultHash ?? '',
    campus: period.campus,
    schoolYear: period.schoolYear,
    drawnAt: l.drawnAt ?? '',
    // the public file names no staff member; the staff copy (GET /lottery/:id/csv) says who drew it
    drawnBy: '',
    v2: recordV2Of(l),
    applications: new Map(
      l.result.flatMap((o) => {
        const correlative = correlatives.get(o.id_application);
        return correlative === undefined ? [] : [[o.id_application, { correlative, grade: gradeName(o.id_grade) }]];
      }),
    ),
  });
  return { filename: `lottery-${l.id_lottery}.csv`, csv };
}
