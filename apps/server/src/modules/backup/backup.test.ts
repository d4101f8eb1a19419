import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import { openDatabase, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { openTestDatabase } from '../../test/harness';
import { runServerCommand } from '../../test/server-process';
import { countRows } from './backup';

/*
 * `npm run backup` then `npm run restore` into an empty installation, as commands (their own processes): the same
 * rows in every table and the same files, byte for byte; a restore over data is refused without --force.
 */
const folders: string[] = [];
const newFolder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-backup-test-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** Some of everything: a school with a period, applications (with their history), a user; and uploaded files. */
async function fill(database: Database, dataDir: string) {
  const school = await createSchool(database.db, 'Backup School');
  const campus = await createCampus(database.db, school.id_school, 'Backup Campus');
  await createCampusGrades(database.db, campus, [3]);
  const period = await createPeriod(database.db, campus, { state: 'started', grades: { 3: 10 } });
  for (let i = 0; i < 5; i++) await createApplication(database.db, period, { id_status: STATUS.APPLIED });
  await createUser(database.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  const files = path.join(dataDir, 'files', `${school.id_school}`, 'notes');
  fs.mkdirSync(files, { recursive: true });
  fs.writeFileSync(path.join(files, 'transcript.pdf'), randomBytes(200_000));
  fs.writeFileSync(path.join(dataDir, 'files', 'photo.png'), randomBytes(3_000));
}

function expectSameFiles(from: string, to: string) {
  const list = (dir: string) =>
    (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => fs.statSync(path.join(dir, f)).isFile())
      .sort();
  expect(list(to)).toEqual(list(from));
  expect(list(from).length).toBe(2);
  for (const file of list(from))
    expect(fs.readFileSync(path.join(to, file)).equals(fs.readFileSync(path.join(from, file))), file).toBe(true);
}

const backup = (env: Record<string, string>, out: string) =>
  runServerCommand('modules/backup/backup-cli.ts', env, ['--out', out]);
const restore = (env: Record<string, string>, archive: string, ...flags: string[]) =>
  runServerCommand('modules/backup/restore-cli.ts', env, [archive, ...flags]);

describe('backup and restore of the embedded database', () => {
  it('restores into an empty folder the same rows in every table and the same files', async () => {
    const source = newFolder();
    // from the run's migrated copy when there is one (migrating a folder takes long)
    const migrated = inject('migratedPglite');
    const database = await openDatabase({
      databaseUrl: null,
      dataDir: source,
      loadDataDir: migrated ? new Blob([fs.readFileSync(migrated)]) : undefined,
    });
    if (!migrated) await migrateDatabase(database);
    await fill(database, source);
    const before = await countRows(database.executeSql);
    await database.close();

    const archive = path.join(newFolder(), 'backup.tar.gz');
    const made = await backup({ DATA_DIR: source, DATABASE_URL: '' }, archive);
    expect(made.code, made.output).toBe(0);

    const target = newFolder();
    const restored = await restore({ DATA_DIR: target, DATABASE_URL: '' }, archive);
    expect(restored.code, restored.output).toBe(0);
    const copy = await openDatabase({ databaseUrl: null, dataDir: target });
    try {
      const after = await countRows(copy.executeSql);
      expect(after).toEqual(before);
      expect(after['public.application']).toBe(5);
    } finally {
      await copy.close();
    }
    expectSameFiles(path.join(source, 'files'), path.join(target, 'files'));

    // over data: refused, and nothing changed; --force replaces it
    const again = await restore({ DATA_DIR: target, DATABASE_URL: '' }, archive);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/not empty/);
    expect((await restore({ DATA_DIR: target, DATABASE_URL: '' }, archive, '--force')).code).toBe(0);
  }, 360_000);

  it('refuses to copy the embedded database while a server has it open', async () => {
    const dir = newFolder();
    fs.mkdirSync(path.join(dir, 'pg'));
    // this test's own process stands for the running server
    fs.writeFileSync(path.join(dir, 'server.pid'), String(process.pid));
    const made = await backup({ DATA_DIR: dir, DATABASE_URL: '' }, path.join(dir, 'x.tar.gz'));
    expect(made.code).toBe(1);
    expect(made.output).toMatch(/stop it first/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore of the server database', () => {
  it('restores into an empty database the same rows in every table and the same files', async () => {
    const source = await openTestDatabase();
    const target = await openTestDatabase({ migrated: false });
    try {
      const sourceDir = newFolder();
      await fill(source.database, sourceDir);
      const before = await countRows(source.database.executeSql);
      const archive = path.join(newFolder(), 'backup.tar.gz');
      const made = await backup({ DATA_DIR: sourceDir, DATABASE_URL: source.url! }, archive);
      expect(made.code, made.output).toBe(0);

      const targetDir = newFolder();
      const restored = await restore({ DATA_DIR: targetDir, DATABASE_URL: target.url! }, archive);
      expect(restored.code, restored.output).toBe(0);
      const after = await countRows(target.database.executeSql);
      expect(after).toEqual(before);
      expect(after['public.application']).toBe(5);
      expectSameFiles(path.join(sourceDir, 'files'), path.join(targetDir, 'files'));

      const again = await restore({ DATA_DIR: newFolder(), DATABASE_URL: target.url! }, archive);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/not empty/);
    } finally {
      await source.database.close();
      await target.database.close();
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
