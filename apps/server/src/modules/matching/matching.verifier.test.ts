import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { matchRecord } from './matching.record';

/*
 * scripts/verify-match.mjs run as people run it, a process on a file: exit 0 and VERIFIED on a record matchRecord
 * wrote, 1 and the failed check on a changed one, 2 on a file it cannot read; --help explains. What it checks is
 * tested in matching.record.test.ts, which calls the same script as a function.
 */

const SCRIPT = path.resolve(import.meta.dirname, '../../../../../scripts/verify-match.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-match-verifier-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function run(...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, ...args]);
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function written(text: string) {
  const file = path.join(dir, `${createHash('sha256').update(text).digest('hex').slice(0, 12)}.csv`);
  fs.writeFileSync(file, text);
  return file;
}

const record = matchRecord({
  seedHex: createHash('sha256').update('openseat match cli').digest('hex'),
  source: 'dice, 20 digits',
  inputs: {
    campuses: [{ id_campus: 1, noPriorityLevel: 2, siblingLevel: 1 }],
    programs: [
      { id_program: 10, id_campus: 1, seats: 1 },
      { id_program: 20, id_campus: 1, seats: 1 },
    ],
    students: [3, 8, 13].map((id_student) => ({ id_student, choices: [10, 20], priorities: [], siblingCampuses: [] })),
  },
});

describe('node scripts/verify-match.mjs', () => {
  it('verifies a record matchRecord wrote (exit 0)', async () => {
    const { code, stdout } = await run(written(record.file));
    expect(stdout).toContain('PASS result: re-run gives the same 5 result lines');
    expect(stdout).toContain('VERIFIED');
    expect(stdout).not.toContain('FAIL');
    expect(code).toBe(0);
  });

  it('refuses a changed record (exit 1), naming the check', async () => {
    const waiting = /^program,10,(\d+),(\d+) (\d+)$/m;
    expect(record.file).toMatch(waiting);
    const { code, stdout } = await run(written(record.file.replace(waiting, 'program,10,$1,$3 $2')));
    expect(stdout).toContain('FAIL result_sha256:');
    expect(stdout).toMatch(/FAIL result: line \d+ differs/);
    expect(stdout).toContain('NOT VERIFIED');
    expect(code).toBe(1);
  });

  it('explains itself with --help (exit 0), and exits 2 on a file it cannot read or no file', async () => {
    const help = await run('--help');
    expect(help.stdout).toContain('usage: node scripts/verify-match.mjs <match-record.csv>');
    expect(help.code).toBe(0);
    const missing = await run(path.join(dir, 'missing.csv'));
    expect(missing.stderr).toContain('cannot read');
    expect(missing.code).toBe(2);
    expect((await run()).code).toBe(2);
  });
});
