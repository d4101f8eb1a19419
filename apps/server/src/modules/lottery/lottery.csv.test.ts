import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { lotteryRecordCsv, type LotteryRecordCsvInput } from './lottery.csv';
import {
  LOTTERY_ALGORITHM,
  draw,
  inputsHash,
  resultHash,
  seedHash,
  type DrawEntry,
  type DrawInputs,
} from './lottery.draw';

/*
 * The record CSV and scripts/verify-lottery.mjs, the independent re-implementation: a real draw's file verifies
 * (exit 0); a file with a result or an input line changed does not (exit 1, naming the failed check).
 */

const SCRIPT = path.resolve(import.meta.dirname, '../../../../../scripts/verify-lottery.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-lottery-csv-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A busy period: 3 grades, 4 levels, weights, families across grades, a seated family, people already waiting. */
function bigInputs(): DrawInputs {
  const entries: DrawEntry[] = Array.from({ length: 300 }, (_, i) => ({
    id_application: 1000 + i * 7,
    id_grade: 1 + (i % 3),
    level: 1 + (i % 4),
    weight: [1, 1, 1.5, 2, 0.5][i % 5],
    family: i % 11 === 0 ? 1000 : i % 13 === 0 ? 1007 : null,
  }));
  return {
    grades: [
      { id_grade: 1, position: 2, seats: 30, waitingBefore: 2 },
      { id_grade: 2, position: 1, seats: 12, waitingBefore: 0 },
      { id_grade: 3, position: 3, seats: 0, waitingBefore: 5 },
    ],
    entries,
    siblingLevel: 1,
    seatedFamilies: [1007],
  };
}

function recordOf(seed: string, inputs: DrawInputs): LotteryRecordCsvInput {
  const result = draw(seed, inputs);
  return {
    algorithm: LOTTERY_ALGORITHM,
    seed,
    seedHash: seedHash(seed),
    inputs,
    inputsHash: inputsHash(inputs),
    result,
    resultHash: resultHash(result),
    campus: 'North Campus, "Main"\nBuilding,=HYPERLINK("http://x")',
    schoolYear: '2026-2027',
    drawnAt: new Date('2026-03-01T15:00:00Z'),
    drawnBy: '=Ana López',
    applications: new Map(
      inputs.entries.map((e) => [
        e.id_application,
        { correlative: e.id_application - 900, grade: `=Grade ${e.id_grade}` },
      ]),
    ),
  };
}

async function verify(text: string) {
  const file = path.join(dir, `${sha(text).slice(0, 12)}.csv`);
  fs.writeFileSync(file, text);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, file]);
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

const SEED = sha('openseat csv test');
const record = recordOf(SEED, bigInputs());
const csv = lotteryRecordCsv(record);
const lines = csv.split('\n');

describe('the lottery record CSV', () => {
  it('starts with a BOM and holds the seed and hashes in its header', () => {
    expect(csv.startsWith('\uFEFF#')).toBe(true);
    expect(lines).toContain(`# algorithm: ${LOTTERY_ALGORITHM}`);
    expect(lines).toContain(`# seed: ${SEED}`);
    expect(lines).toContain(`# seed_sha256: ${seedHash(SEED)}`);
    expect(lines).toContain(`# inputs_sha256: ${record.inputsHash}`);
    expect(lines).toContain(`# result_sha256: ${record.resultHash}`);
    expect(lines).toContain('# drawn_at: 2026-03-01T15:00:00.000Z');
    // a line break in a name does not start a line of its own; a comma does not open a second (formula) cell
    expect(lines).toContain('"# campus: North Campus, ""Main"" Building,=HYPERLINK(""http://x"")"');
  });

  it('holds the canonical lines and a ranked table without names, formulas neutralised', () => {
    expect(lines.filter((l) => l.startsWith('entry,'))).toHaveLength(300);
    expect(lines.filter((l) => l.startsWith('result,'))).toHaveLength(300);
    const table = lines.slice(lines.findIndex((l) => l.startsWith('# [table]')) + 1).filter(Boolean);
    expect(table[0]).toBe(
      'grade,correlative,priority_level,lottery_number,result,order,waiting_list_position,sibling,id_application',
    );
    expect(table).toHaveLength(301);
    const first = record.result[0];
    expect(table[1]).toBe(
      `'=Grade ${first.id_grade},${first.id_application - 900},${first.level},${first.lottery_number},selected,1,,${first.sibling ? 'yes' : 'no'},${first.id_application}`,
    );
    expect(lines).toContain('# drawn_by: =Ana López');
  });

  it('verifies with scripts/verify-lottery.mjs (exit 0)', async () => {
    const { code, stdout } = await verify(csv);
    expect(stdout).toContain('PASS result:');
    expect(stdout).not.toContain('FAIL');
    expect(code).toBe(0);
  });

  it('agrees with the independent script on many seeds, weights, families and seated families', async () => {
    for (let i = 0; i < 5; i++) {
      const { code } = await verify(lotteryRecordCsv(recordOf(sha(`agree-${i}`), bigInputs())));
      expect(code).toBe(0);
    }
  });

  it('agrees with the independent script on random small periods (positions, zero seats, seated families, rule off)', async () => {
    for (let k = 0; k < 12; k++) {
      const r = (i: number) => parseInt(sha(`random-${k}-${i}`).slice(0, 8), 16);
      const gradeCount = 1 + (r(0) % 4);
      const inputs: DrawInputs = {
        grades: Array.from({ length: gradeCount }, (_, g) => ({
          id_grade: 10 + g,
          position: r(10 + g) % 3,
          seats: r(20 + g) % 8,
          waitingBefore: r(30 + g) % 3,
        })),
        entries: Array.from({ length: 5 + (r(1) % 40) }, (_, i) => ({
          id_application: 1 + i * 3,
          id_grade: 10 + (r(100 + i) % gradeCount),
          level: 1 + (r(200 + i) % 4),
          weight: [1, 2, 0.5, 1.5, 3][r(300 + i) % 5],
          family: r(400 + i) % 3 === 0 ? 1 + (r(500 + i) % 5) * 3 : null,
        })),
        siblingLevel: k % 3 === 0 ? null : k % 3,
        seatedFamilies: k % 4 === 0 ? [4, 10] : [],
      };
      const { code, stdout } = await verify(lotteryRecordCsv(recordOf(sha(`random-seed-${k}`), inputs)));
      expect(stdout).not.toContain('FAIL');
      expect(code).toBe(0);
    }
  });

  it('fails the result check when one result line is changed (exit 1)', async () => {
    const i = lines.findIndex((l) => l.startsWith('result,') && l.includes(',waiting,'));
    const j = lines.findIndex((l, k) => k > i && l.startsWith('result,') && l.includes(',waiting,'));
    const swap = [...lines];
    // swap the ids of two waiting applications: each line still looks right on its own
    const [a, b] = [lines[i].split(','), lines[j].split(',')];
    [a[1], b[1]] = [b[1], a[1]];
    swap[i] = a.join(',');
    swap[j] = b.join(',');
    const { code, stdout } = await verify(swap.join('\n'));
    expect(code).toBe(1);
    expect(stdout).toMatch(/^FAIL result:/m);
    expect(stdout).toMatch(/^FAIL result_sha256:/m);
    expect(stdout).toMatch(/^PASS inputs_sha256:/m);
  });

  it('fails even when the result hash is rewritten to match the changed lines: the re-run differs', async () => {
    const k = lines.findIndex((l) => l.startsWith('result,') && l.includes(',selected,'));
    const changed = [...lines];
    changed[k] = changed[k].replace(',selected,', ',waiting,');
    const resultText = changed.filter((l) => l.startsWith('result,')).map((l) => l + '\n');
    const forged = changed.map((l) =>
      l.startsWith('# result_sha256: ') ? `# result_sha256: ${sha(resultText.join(''))}` : l,
    );
    const { code, stdout } = await verify(forged.join('\n'));
    expect(code).toBe(1);
    expect(stdout).toMatch(/^PASS result_sha256:/m);
    expect(stdout).toMatch(/^FAIL result:/m);
  });

  it('fails the inputs check when one input line is changed', async () => {
    const k = lines.findIndex((l) => l.startsWith('entry,'));
    const changed = [...lines];
    const fields = changed[k].split(',');
    fields[3] = String(Number(fields[3]) + 1);
    changed[k] = fields.join(',');
    const { code, stdout } = await verify(changed.join('\n'));
    expect(code).toBe(1);
    expect(stdout).toMatch(/^FAIL inputs_sha256:/m);
  });

  it('fails the seed check when the seed is not the one whose hash was published', async () => {
    const other = sha('another seed');
    const { code, stdout } = await verify(csv.replace(`# seed: ${SEED}`, `# seed: ${other}`));
    expect(code).toBe(1);
    expect(stdout).toMatch(/^FAIL seed_sha256:/m);
  });
});
