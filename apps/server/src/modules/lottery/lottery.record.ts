import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LotteryResult, LotteryVerification } from '@openseat/shared/schemas/lottery';
import type { Db, Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { lotteryRecordCsv } from './lottery.csv';
import { draw, inputsHash, resultHash, seedHash, type DrawInputs, type DrawOutcome } from './lottery.draw';
import { chainProblems } from './lottery.log-chain';
import { entriesOf } from './lottery.log';
import { presentRecord, presentSummary, wasDrawn } from './lottery.presenter';
import { recordV2Of, recordedSource, roundAfterFreeze } from './lottery.record-v2';
import { LOTTERY_ALGORITHM_V2, seedOf } from './lottery.seed';
import * as repo from './lottery.repository';
import type { LotteryRow } from './lottery.repository';
import { answerOf, namedOutcomes } from './lottery.summary';

/*
 * A lottery's record (docs/api-lottery.md): its signature, the list of a period's lotteries, the record staff and
 * families read, its verification from the stored inputs and result alone, and its self-contained CSV file.
 */

/** The key that signs lottery records, derived from the server's encryption key. */
const signingKey = (secret: Buffer) => createHmac('sha256', secret).update('lottery-record').digest();

export function signatureOf(
  secret: Buffer,
  r: {
    algorithm: string;
    id_campus_year: number;
    seedHash: string;
    inputsHash: string;
    resultHash: string;
    drawnAt: Date;
  },
) {
  const text = `${r.algorithm}\n${r.id_campus_year}\n${r.seedHash}\n${r.inputsHash}\n${r.resultHash}\n${r.drawnAt.toISOString()}`;
  return createHmac('sha256', signingKey(secret)).update(text, 'utf8').digest('hex');
}
async function requireLottery(db: Executor, caller: Principal, id_lottery: number) {
  const row = await repo.findLottery(db, caller.scope, id_lottery);
  if (!row) throw notFound();
  return row;
}

export async function listLotteries(db: Db, caller: Principal, id_campus_year: number) {
  if (!(await repo.periodInScope(db, caller.scope, id_campus_year))) throw notFound();
  return (await repo.listLotteries(db, caller.scope, id_campus_year)).map(presentSummary);
}

export async function getLottery(db: Db, caller: Principal, id_lottery: number) {
  const row = await requireLottery(db, caller, id_lottery);
  const names = await repo.periodNames(db, caller.scope, row.lottery.id_campus_year);
  const outcomes = (wasDrawn(row.lottery) ? (row.lottery.result as DrawOutcome[] | null) : null) ?? [];
  const inputs = row.lottery.inputs as DrawInputs | null;
  const weights = new Map((inputs?.entries ?? []).map((e) => [e.id_application, e.weight]));
  return presentRecord(row, {
    campus: names?.campus ?? '',
    schoolYear: names?.schoolYear ?? '',
    siblingLevel: inputs?.siblingLevel ?? null,
    outcomes: await namedOutcomes(
      db,
      outcomes.map((o) => ({ ...o, weight: weights.get(o.id_application) ?? 1 })),
    ),
  });
}

/**
 * `GET /lottery/:id/summary`: a drawn lottery's answer from its record (counts per grade and the first page of each
 * list, as the draw answered them; late applications moved after it are not in the record). Committed only: 404.
 */
export async function lotterySummary(db: Db, caller: Principal, id_lottery: number): Promise<LotteryResult> {
  const row = await requireLottery(db, caller, id_lottery);
  const l = row.lottery;
  if (!wasDrawn(l) || !l.inputs || !l.result) throw notFound();
  const inputs = l.inputs as DrawInputs;
  const weights = new Map(inputs.entries.map((e) => [e.id_application, e.weight]));
  return answerOf(db, {
    lottery: presentSummary(row),
    seed: l.seed ?? '',
    grades: inputs.grades,
    outcomes: l.result as DrawOutcome[],
    late: [],
    skipped: [],
    weightOf: (id) => weights.get(id) ?? 1,
  });
}

const sameText = (x: string, y: string) =>
  x.length === y.length && timingSafeEqual(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8'));

type Check = LotteryVerification['checks'][number];
type StoredLottery = LotteryRow['lottery'];

/** The draw re-run from the stored inputs (a record rewritten into something unreadable gives empty hashes). */
function rerunChecks(l: StoredLottery, seed: string): Check[] {
  const inputs = l.inputs as DrawInputs;
  let actualInputs = '';
  let rerun = '';
  let stored = '';
  try {
    actualInputs = inputsHash(inputs, l.algorithm);
    rerun = resultHash(draw(seed, inputs));
  } catch {
    // a record the draw cannot read does not verify
  }
  try {
    stored = resultHash(l.result as DrawOutcome[]);
  } catch {
    stored = '';
  }
  return [
    {
      name: 'inputsHash',
      ok: actualInputs === (l.inputsHash ?? ''),
      expected: l.inputsHash ?? '',
      actual: actualInputs,
    },
    {
      name: 'result',
      ok: rerun !== '' && rerun === stored && stored === l.resultHash,
      expected: rerun,
      actual: stored,
    },
  ];
}

function signatureCheck(secret: Buffer, l: StoredLottery): Check {
  const signature =
    l.drawnAt && l.inputsHash && l.resultHash && l.seedHash
      ? signatureOf(secret, {
          algorithm: l.algorithm,
          id_campus_year: l.id_campus_year,
          seedHash: l.seedHash,
          inputsHash: l.inputsHash,
          resultHash: l.resultHash,
          drawnAt: l.drawnAt,
        })
      : '';
  const ok = signature !== '' && sameText(signature, l.signature ?? '');
  // the signature the record should carry is never shown: it would let anyone re-sign a changed record
  return { name: 'signature', ok, expected: l.signature ?? '', actual: ok ? (l.signature ?? '') : 'mismatch' };
}

/** v2: the source (beacon signature or dice), its time after the freeze, the seed made from it, the log. */
async function v2Checks(db: Db, l: StoredLottery): Promise<Check[]> {
  const source = recordedSource(l);
  const sourceCheck: Check = source
    ? { name: 'source', ok: source.ok, expected: source.expected, actual: source.actual }
    : { name: 'source', ok: false, expected: '', actual: 'missing' };
  const after = roundAfterFreeze(l);
  const seed = source?.source ? seedOf(l.inputsHash ?? '', source.source) : '';
  const entries = entriesOf(await repo.logOfPeriod(db, l.id_campus_year));
  const problems = chainProblems(entries);
  const drawEntry = entries.find((e) => e.hash === l.logHash && e.kind === 'draw');
  const facts = drawEntry ? (JSON.parse(drawEntry.body) as Record<string, unknown>) : {};
  const logOk =
    problems.length === 0 &&
    drawEntry !== undefined &&
    facts.id_lottery === l.id_lottery &&
    facts.seed === l.seed &&
    facts.inputs_sha256 === l.inputsHash &&
    facts.result_sha256 === l.resultHash;
  return [
    sourceCheck,
    after,
    { name: 'seed', ok: seed !== '' && seed === l.seed, expected: seed, actual: l.seed ?? '' },
    {
      name: 'log',
      ok: logOk,
      expected: l.logHash ?? '',
      actual: problems[0] ?? (drawEntry ? drawEntry.hash : 'no draw entry'),
    },
  ];
}

/**
 * `GET /lottery/:id/verify`: re-computes every check from the stored record. v1: the seed against the hash shown
 * before the draw; v2: the public source, its time after the freeze, the seed derived from it, and the period's log.
 * A lottery not drawn yet has nothing to re-run: it answers `valid: false` with what it can check.
 */
export async function verifyLottery(
  db: Db,
  caller: Principal,
  secret: Buffer,
  id_lottery: number,
): Promise<LotteryVerification> {
  const started = performance.now();
  const { lottery: l } = await requireLottery(db, caller, id_lottery);
  const checks: Check[] = [];
  const drawn = wasDrawn(l) && l.inputs && l.result && l.seed;
  if (l.algorithm === LOTTERY_ALGORITHM_V2) {
    if (drawn) checks.push(...(await v2Checks(db, l)));
  } else {
    const actualSeedHash = seedHash(l.seed ?? '');
    checks.push({
      name: 'seedHash',
      ok: actualSeedHash === l.seedHash,
      expected: l.seedHash ?? '',
      actual: actualSeedHash,
    });
  }
  if (!drawn) return { id_lottery, valid: false, checks, elapsedMs: performance.now() - started };
  checks.push(...rerunChecks(l, l.seed!), signatureCheck(secret, l));
  return { id_lottery, valid: checks.every((c) => c.ok), checks, elapsedMs: performance.now() - started };
}

/** `GET /lottery/:id/csv`: the drawn record as the self-contained CSV file; a committed lottery has none yet (404). */
export async function lotteryCsv(db: Db, caller: Principal, id_lottery: number) {
  const row = await requireLottery(db, caller, id_lottery);
  const l = row.lottery;
  if (!wasDrawn(l) || !l.inputs || !l.result || !l.inputsHash || !l.resultHash || !l.drawnAt) throw notFound();
  const record = await getLottery(db, caller, id_lottery);
  const csv = lotteryRecordCsv({
    algorithm: l.algorithm,
    seed: l.seed ?? '',
    seedHash: l.seedHash ?? '',
    inputs: l.inputs as DrawInputs,
    inputsHash: l.inputsHash,
    result: l.result as DrawOutcome[],
    resultHash: l.resultHash,
    campus: record.campus,
    schoolYear: record.schoolYear,
    drawnAt: l.drawnAt,
    drawnBy: row.drawnBy ?? '',
    applications: new Map(
      record.outcomes.map((o) => [o.id_application, { correlative: o.correlative, grade: o.grade }]),
    ),
    v2: recordV2Of(l),
  });
  return { filename: `lottery-${l.id_lottery}.csv`, csv };
}
