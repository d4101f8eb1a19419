import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LotteryLogEntry } from '@openseat/shared/schemas/lottery';
import { BEACON_CHAINS, roundTime, type BeaconChain } from './lottery.beacon';
import { lotteryRecordCsv, type LotteryRecordCsvInput } from './lottery.csv';
import { LOTTERY_ALGORITHM, draw, inputsHash, resultHash, seedHash, type DrawInputs } from './lottery.draw';
import { logFile, nextEntry } from './lottery.log-chain';
import { LOTTERY_ALGORITHM_V2, seedOf, sourceLine, type RandomnessSource } from './lottery.seed';

/*
 * scripts/verify-lottery.mjs on v2 records (docs/lottery-algorithm.md, "v2"): a record written by lotteryRecordCsv
 * from a real drand round, with the period's log written by nextEntry/logFile, verifies (exit 0); each way of steering
 * the draw is refused (exit 1, naming the check): a forged signature, another round or chain, a round before the
 * freeze, an edited input, an edited / deleted / reordered log entry, a round used by two draws.
 *
 * Real rounds as the League of Entropy's relays publish them, copied from
 *   https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/3 (quicknet)
 *   https://api.drand.sh/8990e7a9aaed2ffed73dbd7092123d6f289930540d7651336225dc172e51b2ce/public/2 and /3 (default)
 * as recorded in ChainSafe Forest's drand signature tests (src/beacon/signatures/tests.rs); the same fixtures as
 * lottery.beacon.test.ts.
 */

const SCRIPT = path.resolve(import.meta.dirname, '../../../../../scripts/verify-lottery.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-lottery-verifier-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const QUICKNET_2 = 'b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807';
const QUICKNET_3 = 'b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64';
const DEFAULT_2 =
  'aa18facd2d51b616511d542de6f9af8a3b920121401dad1434ed1db4a565f10e04fad8d9b2b4e3e0094364374caafe9b10478bf75650124831509c638b5a36a7a232ec70289f8751a2adb47fc32eb70b57dc81c39d48cbcac9fec46cdfc31663';
const DEFAULT_3 =
  'a7b0877eaea7a0222f4c39a2c03434c34f5fe3ea47c533d24b88e5c3053b84775ccb78e984addcb55173f40428513f280cc6e0fccc3c89bb1625c7c0b477deb6faae43fc6ec036f09233bf38da16586b3042dd01a7e9ed97c8bafa343cc6071e';

const { quicknet, default: chained } = BEACON_CHAINS;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sha256OfHex = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
const flipLastBit = (hex: string) => hex.slice(0, -2) + (parseInt(hex.slice(-2), 16) ^ 1).toString(16).padStart(2, '0');

const INPUTS: DrawInputs = {
  grades: [
    { id_grade: 10, position: 1, seats: 2, waitingBefore: 0 },
    { id_grade: 20, position: 2, seats: 1, waitingBefore: 1 },
  ],
  entries: [
    { id_application: 101, id_grade: 10, level: 1, weight: 1, family: 101 },
    { id_application: 102, id_grade: 10, level: 2, weight: 1, family: null },
    { id_application: 103, id_grade: 10, level: 2, weight: 2, family: null },
    { id_application: 104, id_grade: 10, level: 3, weight: 1, family: null },
    { id_application: 105, id_grade: 20, level: 3, weight: 1, family: 101 },
    { id_application: 106, id_grade: 20, level: 2, weight: 1.5, family: null },
  ],
  siblingLevel: 1,
  seatedFamilies: [],
};
const ID_LOTTERY = 7;

type Drand = { chain: BeaconChain; round: number; signature: string; previousSignature?: string };
type Fixture = {
  /** The beacon the record shows; `sourceChain`/`sourceRound` let the source line claim another chain or round. */
  drand?: Drand;
  sourceChain?: string;
  sourceRound?: number;
  dice?: string;
  frozenAt?: string;
  drawnAt?: string;
};

/** A consistent v2 record and its log: practice, freeze, practice, draw (every hash and link as the server writes). */
function build(fixture: Fixture) {
  const frozenAt = new Date(fixture.frozenAt ?? '2023-08-23T15:09:00Z');
  const drawnAt = new Date(fixture.drawnAt ?? '2023-08-23T15:10:00Z');
  const hash = inputsHash(INPUTS, LOTTERY_ALGORITHM_V2);
  const { drand } = fixture;
  const source: RandomnessSource = drand
    ? {
        kind: 'drand',
        chainHash: fixture.sourceChain ?? drand.chain.hash,
        round: fixture.sourceRound ?? drand.round,
        randomness: sha256OfHex(drand.signature),
      }
    : { kind: 'dice', digits: fixture.dice ?? '20237331128159211123' };
  const roundAt =
    source.kind === 'drand'
      ? roundTime(Object.values(BEACON_CHAINS).find((c) => c.hash === source.chainHash) ?? quicknet, source.round)
      : null;
  const seed = seedOf(hash, source);
  const result = draw(seed, INPUTS);
  const entries: LotteryLogEntry[] = [];
  const append = (kind: LotteryLogEntry['kind'], at: Date, facts: Record<string, unknown>) =>
    entries.push(nextEntry(entries.at(-1), kind, at, facts));
  const minutesBefore = (at: Date, n: number) => new Date(at.getTime() - n * 60_000);
  append('practice', minutesBefore(frozenAt, 10), { seed_sha256: sha256('practice 1'), inputs_sha256: hash });
  append(
    'freeze',
    frozenAt,
    source.kind === 'drand'
      ? {
          id_lottery: ID_LOTTERY,
          algorithm: LOTTERY_ALGORITHM_V2,
          inputs_sha256: hash,
          source: 'drand',
          chain: source.chainHash,
          round: source.round,
          round_at: roundAt!.toISOString(),
        }
      : { id_lottery: ID_LOTTERY, algorithm: LOTTERY_ALGORITHM_V2, inputs_sha256: hash, source: 'dice' },
  );
  append('practice', minutesBefore(drawnAt, 0.5), { seed_sha256: sha256('practice 2'), inputs_sha256: hash });
  append('draw', drawnAt, {
    id_lottery: ID_LOTTERY,
    inputs_sha256: hash,
    source: sourceLine(source),
    seed,
    result_sha256: resultHash(result),
  });
  const record: LotteryRecordCsvInput = {
    algorithm: LOTTERY_ALGORITHM_V2,
    seed,
    seedHash: seedHash(seed),
    inputs: INPUTS,
    inputsHash: hash,
    result,
    resultHash: resultHash(result),
    campus: 'North Campus',
    schoolYear: '2026-2027',
    drawnAt,
    drawnBy: 'Ana López',
    applications: new Map(INPUTS.entries.map((e) => [e.id_application, { correlative: e.id_application, grade: 'K' }])),
    v2: {
      frozenAt,
      source,
      beaconSignature: drand?.signature ?? null,
      beaconPreviousSignature: drand?.previousSignature ?? null,
      roundAt,
      logHash: entries.at(-1)!.hash,
    },
  };
  return { csv: lotteryRecordCsv(record), entries, log: logFile(entries), source };
}

let files = 0;
/** Runs the script on the record (and the log, when given): its exit code and what it printed. */
function verify(csv: string, log?: string) {
  const n = ++files;
  const recordFile = path.join(dir, `record-${n}.csv`);
  fs.writeFileSync(recordFile, csv);
  const args = [SCRIPT, recordFile];
  if (log !== undefined) {
    args.push(path.join(dir, `log-${n}.jsonl`));
    fs.writeFileSync(args[2], log);
  }
  try {
    return { code: 0, stdout: execFileSync(process.execPath, args, { encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { code: failed.status, stdout: failed.stdout };
  }
}

const expectRefused = (run: { code: number; stdout: string }, check: string) => {
  expect(run.stdout).toMatch(new RegExp(`^FAIL ${check}:`, 'm'));
  expect(run.stdout).toContain('NOT VERIFIED');
  expect(run.code).toBe(1);
};

const QUICKNET_ROUND_3: Drand = { chain: quicknet, round: 3, signature: QUICKNET_3 };
const genuine = build({ drand: QUICKNET_ROUND_3 });
const logLines = genuine.log.trimEnd().split('\n');
const relog = (lines: string[]) => lines.map((l) => l + '\n').join('');

describe('verify-lottery.mjs on a v2 record from a drand round', () => {
  it('gives the example of docs/lottery-algorithm.md, section 15 (the inputs of section 11, quicknet round 3)', () => {
    expect(inputsHash(INPUTS, LOTTERY_ALGORITHM_V2)).toBe(
      'aaded3558d5631715e5eb18d1be8ec0690556da390ccf55b327571f0343da896',
    );
    expect(genuine.source).toEqual({
      kind: 'drand',
      chainHash: quicknet.hash,
      round: 3,
      randomness: '7ef4621ace1c6da4eb2eee7cd901f81385bca5b189771ec0f08d0d2566dd1a21',
    });
    const seed = seedOf(inputsHash(INPUTS, LOTTERY_ALGORITHM_V2), genuine.source);
    expect(seed).toBe('452d47b4e883ba464afc754a313e1788bd9dc729f5496e6c39c5c1208407f635');
    expect(resultHash(draw(seed, INPUTS))).toBe('670474853086f21a9afc0f2abb905e85c544b36d1d49ee72bf5fb9e0dff3dc39');
  });

  it('verifies a genuine quicknet round, drawn after the freeze, with its log (exit 0, one line per check)', () => {
    const { code, stdout } = verify(genuine.csv, genuine.log);
    for (const check of ['source', 'roundAfterFreeze', 'seedHash', 'seed', 'inputsHash', 'result', 'log'])
      expect(stdout).toMatch(new RegExp(`^PASS ${check}:`, 'm'));
    expect(stdout).toContain('BLS signature valid');
    expect(stdout).not.toContain('FAIL');
    expect(code).toBe(0);
  });

  it('writes the v2 header lines in the documented order', () => {
    const keys = genuine.csv
      .split('\n')
      .map((l) => /^"?# ([a-z_0-9]+): /.exec(l)?.[1])
      .filter(Boolean);
    expect(keys).toEqual([
      'algorithm',
      'campus',
      'school_year',
      'frozen_at',
      'source',
      'beacon_signature',
      'round_at',
      'drawn_at',
      'drawn_by',
      'seed',
      'seed_sha256',
      'inputs_sha256',
      'result_sha256',
      'log_sha256',
    ]);
    expect(genuine.csv).toContain('# round_at: 2023-08-23T15:09:33.000Z\n');
    expect(genuine.csv).toContain(`\n${LOTTERY_ALGORITHM_V2}\nsibling_level,1\n`);
  });

  it('verifies without a log, saying the log was not checked', () => {
    const { code, stdout } = verify(genuine.csv);
    expect(stdout).toMatch(/^SKIP log:/m);
    expect(code).toBe(0);
  });

  it('verifies a genuine round of the chained default chain (previous signature in the header)', () => {
    const { csv, log } = build({
      drand: { chain: chained, round: 3, signature: DEFAULT_3, previousSignature: DEFAULT_2 },
      frozenAt: '2020-07-22T15:18:00Z',
      drawnAt: '2020-07-22T15:19:00Z',
    });
    expect(csv).toContain(`# beacon_previous_signature: ${DEFAULT_2}\n`);
    const { code, stdout } = verify(csv, log);
    expect(stdout).not.toContain('FAIL');
    expect(code).toBe(0);
  });

  it('refuses a flipped signature bit', () => {
    const forged = genuine.csv.replace(
      `# beacon_signature: ${QUICKNET_3}`,
      `# beacon_signature: ${flipLastBit(QUICKNET_3)}`,
    );
    expectRefused(verify(forged, genuine.log), 'source');
  });

  it("refuses a round's signature presented as another round, even with everything else made consistent", () => {
    expectRefused(verify(build({ drand: QUICKNET_ROUND_3, sourceRound: 4 }).csv), 'source');
    // the header's round number alone edited
    const edited = genuine.csv.replace(`drand,${quicknet.hash},3,`, `drand,${quicknet.hash},2,`);
    expect(edited).not.toBe(genuine.csv);
    expectRefused(verify(edited, genuine.log), 'source');
    // round 2's genuine signature in place of round 3's
    expectRefused(verify(genuine.csv.replace(QUICKNET_3, QUICKNET_2), genuine.log), 'source');
  });

  it('refuses a round published before the freeze', () => {
    const early = build({ drand: QUICKNET_ROUND_3, frozenAt: '2023-08-23T15:09:40Z' });
    const run = verify(early.csv, early.log);
    expect(run.stdout).toMatch(/^PASS source:/m);
    expectRefused(run, 'roundAfterFreeze');
    expectRefused(run, 'log');
    // a round published exactly at the freeze is not after it
    expectRefused(verify(build({ drand: QUICKNET_ROUND_3, frozenAt: '2023-08-23T15:09:33Z' }).csv), 'roundAfterFreeze');
  });

  it('refuses a round_at that is not the round’s time', () => {
    const moved = genuine.csv.replace('# round_at: 2023-08-23T15:09:33.000Z', '# round_at: 2023-08-23T15:09:36.000Z');
    expectRefused(verify(moved), 'roundAfterFreeze');
  });

  it("refuses another chain's round", () => {
    // the default chain's round 3 claimed as quicknet's, and quicknet's claimed as the default chain's
    expectRefused(
      verify(build({ drand: { chain: chained, round: 3, signature: DEFAULT_3 }, sourceChain: quicknet.hash }).csv),
      'source',
    );
    expectRefused(
      verify(
        build({
          drand: { ...QUICKNET_ROUND_3, previousSignature: DEFAULT_2 },
          sourceChain: chained.hash,
          frozenAt: '2020-07-22T15:18:00Z',
        }).csv,
      ),
      'source',
    );
    // a chain the script does not know
    expectRefused(verify(build({ drand: QUICKNET_ROUND_3, sourceChain: 'ab'.repeat(32) }).csv), 'source');
  });

  it('refuses a changed input line', () => {
    const changed = genuine.csv.replace('entry,104,10,3,1,\n', 'entry,104,10,1,1,\n');
    expect(changed).not.toBe(genuine.csv);
    expectRefused(verify(changed, genuine.log), 'inputsHash');
  });

  it('refuses a seed that is not derived from the inputs hash and the source', () => {
    const other = sha256('a seed of my choosing');
    const { seed } = JSON.parse(JSON.parse(logLines[3]).body) as { seed: string };
    const forged = genuine.csv.replace(`# seed: ${seed}`, `# seed: ${other}`).replace(seedHash(seed), seedHash(other));
    const run = verify(forged);
    expect(run.stdout).toMatch(/^PASS seedHash:/m);
    expectRefused(run, 'seed');
  });
});

describe('verify-lottery.mjs on the period log', () => {
  it('refuses an edited entry', () => {
    const edited = [...logLines];
    edited[1] = edited[1].replace('"round\\":3', '"round\\":4');
    expect(edited[1]).not.toBe(logLines[1]);
    expectRefused(verify(genuine.csv, relog(edited)), 'log');
  });

  it('refuses a deleted entry', () => {
    expectRefused(verify(genuine.csv, relog(logLines.filter((_, i) => i !== 2))), 'log');
    expectRefused(verify(genuine.csv, relog(logLines.slice(1))), 'log');
  });

  it('refuses two entries reordered', () => {
    const swapped = [logLines[1], logLines[0], ...logLines.slice(2)];
    expectRefused(verify(genuine.csv, relog(swapped)), 'log');
  });

  it('refuses a second draw entry that reuses the round', () => {
    const entries = [...genuine.entries];
    const at = new Date('2023-08-23T15:20:00Z');
    const append = (kind: LotteryLogEntry['kind'], facts: Record<string, unknown>) =>
      entries.push(nextEntry(entries.at(-1), kind, at, facts));
    const drawn = JSON.parse(entries[3].body) as Record<string, unknown>;
    append('rerun', { id_lottery: ID_LOTTERY, reason: 'the operator did not like the result' });
    append('draw', { ...drawn, id_lottery: ID_LOTTERY + 1, result_sha256: sha256('another result') });
    const run = verify(genuine.csv, logFile(entries));
    expectRefused(run, 'log');
    expect(run.stdout).toContain('used the same round');
  });

  it('refuses a draw whose freeze was undone before it, and a log without the record’s draw', () => {
    const entries = genuine.entries.slice(0, 2);
    entries.push(
      nextEntry(entries[1], 'unfreeze', new Date('2023-08-23T15:09:10Z'), {
        id_lottery: ID_LOTTERY,
        reason: 'a seat count was wrong',
      }),
    );
    const drawn = genuine.entries[3];
    entries.push(nextEntry(entries[2], 'draw', new Date(drawn.at), JSON.parse(drawn.body) as Record<string, unknown>));
    const csv = genuine.csv.replace(`# log_sha256: ${drawn.hash}`, `# log_sha256: ${entries[3].hash}`);
    expectRefused(verify(csv, logFile(entries)), 'log');
    expectRefused(verify(genuine.csv, logFile(genuine.entries.slice(0, 3))), 'log');
  });

  it('refuses a log file that is not JSON Lines, and an unreadable file with exit 2', () => {
    expectRefused(verify(genuine.csv, 'not json\n'), 'log');
    const missing = (() => {
      try {
        execFileSync(process.execPath, [SCRIPT, path.join(dir, 'absent.csv')], { stdio: 'pipe' });
        return 0;
      } catch (error) {
        return (error as { status: number }).status;
      }
    })();
    expect(missing).toBe(2);
  });
});

describe('verify-lottery.mjs on dice and v1 records', () => {
  it('verifies a dice record with its log', () => {
    const dice = build({
      dice: '20237331128159211123',
      frozenAt: '2026-03-01T15:00:00Z',
      drawnAt: '2026-03-01T15:40:00Z',
    });
    expect(dice.csv).toContain('"# source: dice,20237331128159211123"\n');
    expect(dice.csv).not.toContain('beacon_signature');
    const { code, stdout } = verify(dice.csv, dice.log);
    expect(stdout).toMatch(/^PASS source: dice/m);
    expect(stdout).not.toContain('FAIL');
    expect(code).toBe(0);
  });

  it('refuses dice that are not exactly 20 digits', () => {
    const run = verify(
      build({ dice: '2023733112815921112', frozenAt: '2026-03-01T15:00:00Z', drawnAt: '2026-03-01T15:40:00Z' }).csv,
    );
    expectRefused(run, 'source');
  });

  it('still verifies a v1 record', () => {
    const seed = sha256('a v1 seed');
    const result = draw(seed, INPUTS);
    const csv = lotteryRecordCsv({
      algorithm: LOTTERY_ALGORITHM,
      seed,
      seedHash: seedHash(seed),
      inputs: INPUTS,
      inputsHash: inputsHash(INPUTS),
      result,
      resultHash: resultHash(result),
      campus: 'North Campus',
      schoolYear: '2025-2026',
      drawnAt: new Date('2025-03-01T15:00:00Z'),
      drawnBy: 'Ana López',
      applications: {},
    });
    expect(csv).not.toContain('frozen_at');
    const { code, stdout } = verify(csv);
    expect(stdout).toMatch(/^PASS seed_sha256:/m);
    expect(stdout).not.toContain('FAIL');
    expect(code).toBe(0);
  });
});
