import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { sha256 } from '../lib/crypto';
import { EVERY_SCHOOL, schoolsInScope, withDatabaseScope } from '../lib/database-scope';
import { rowsOf } from '../lib/sql';
import { unsubscribeToken } from '../modules/communication/unsubscribe.service';
import { guardianOf, guardianWithApplications } from '../modules/family/family.auth';
import { insertSession } from '../modules/family/family.repository';
import { publicPage } from '../modules/lottery/lottery-public.service';
import { unsubscribe } from '../modules/messaging/opt-outs.service';
import { openTestDatabase } from '../test/harness';
import type { Database } from './client';
import * as s from './schema/index';
import { seedDemoData } from './seed/demo';

/*
 * The routes without a staff sign-in start with every school in their database scope (they must find the tenant
 * their token, signature or session proves) and narrow it to that tenant as soon as it is proved, so that under
 * row-level security (docs/privacy.md) nothing after the proof can reach another school. Checked on the services
 * the routes call, in a request's scope, on the demo network.
 */

const file = {} as { database: Database; drop: () => Promise<void> };
/** The tables' owner, for the fixtures; the requests' handle (scoped under DATABASE_ROW_SECURITY=on) for the calls. */
const db = () => file.database.db;
const requests = () => file.database.requestDb;

/** The scope a request is left with after `work`, as a request starts (every school). */
const scopeAfter = (work: () => Promise<unknown>) =>
  withDatabaseScope(async () => {
    await work();
    return schoolsInScope();
  });

const list = (schools: number[]) => [...new Set(schools)].sort((a, b) => a - b).join(',');

/** A live portal session for a contact; its cookie's key. */
async function sessionFor(contact: { kind: 'email' | 'phone'; key: string }) {
  const key = randomBytes(16).toString('base64url');
  await insertSession(db(), { contact, keyHash: sha256(key), expiresAt: new Date(Date.now() + 3_600_000) });
  return key;
}

describe('public routes narrow the database scope to the tenant they prove', () => {
  beforeAll(async () => {
    Object.assign(file, await openTestDatabase());
    await seedDemoData(db());
  }, 120_000);
  afterAll(async () => {
    await file.database?.close();
    await file.drop?.();
  });

  it("a period's public lottery token: its school only", async () => {
    const [period] = await db()
      .select({ id: s.campusYear.id_campus_year, id_school: s.campusYear.id_school })
      .from(s.campusYear)
      .orderBy(sql`${s.campusYear.id_school} DESC`)
      .limit(1);
    await db()
      .update(s.campusYear)
      .set({ lotteryPublicToken: 'scopeTestPublicToken_0001' })
      .where(eq(s.campusYear.id_campus_year, period.id));
    expect(await scopeAfter(() => publicPage(requests(), 'scopeTestPublicToken_0001'))).toBe(String(period.id_school));
    // an unknown token proves nothing and answers 404
    await expect(scopeAfter(() => publicPage(requests(), 'scopeTestNobodysToken_0002'))).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('an unsubscribe link: the school that signed it, and a forged one is refused before any read', async () => {
    const secrets = { jwtSecret: randomBytes(32), encryptionKey: randomBytes(32) };
    const deps = { db: requests(), secrets, config: loadConfig({ NODE_ENV: 'test' }) };
    const [school] = await db().select({ id: s.school.id_school }).from(s.school).orderBy(s.school.id_school).limit(1);
    const token = unsubscribeToken(secrets, school.id, 'scope.test@example.test');
    expect(await scopeAfter(() => unsubscribe(deps, token))).toBe(String(school.id));
    await expect(scopeAfter(() => unsubscribe(deps, `${token}x`))).rejects.toMatchObject({ statusCode: 404 });
  });

  it("a guardian's session: the schools of their children, and none for a contact on no application", async () => {
    const { rows } = await file.database.executeSql(
      `SELECT guardian_email_key AS key, array_agg(DISTINCT id_school ORDER BY id_school) AS schools
         FROM applicant WHERE guardian_email_key IS NOT NULL GROUP BY 1 ORDER BY count(DISTINCT id_school) DESC, 1
        LIMIT 1`,
    );
    const guardian = rows[0] as { key: string; schools: number[] };
    const key = await sessionFor({ kind: 'email', key: guardian.key });
    expect(await scopeAfter(() => guardianOf(requests(), key))).toBe(list(guardian.schools));

    const stranger = await sessionFor({ kind: 'email', key: 'nobody.here@example.test' });
    expect(await scopeAfter(() => guardianOf(requests(), stranger))).toBe('');
    await expect(scopeAfter(() => guardianOf(requests(), 'not-a-session'))).rejects.toMatchObject({ statusCode: 401 });
  });

  it("a guardian's status page: the schools of the applications it shows", async () => {
    const live = rowsOf<{ key: string; id_school: number; id_application: number }>(
      await db().execute(sql`
        SELECT ap.guardian_email_key AS key, a.id_school, a.id_application
          FROM application a JOIN applicant ap ON ap.id_applicant = a.id_applicant
         WHERE a.deleted_at IS NULL AND ap.guardian_email_key IS NOT NULL
         ORDER BY a.id_application LIMIT 1`),
    )[0];
    const key = await sessionFor({ kind: 'email', key: live.key });
    const { rows } = await file.database.executeSql(
      `SELECT DISTINCT a.id_school FROM application a JOIN applicant ap ON ap.id_applicant = a.id_applicant
        WHERE a.deleted_at IS NULL AND ap.guardian_email_key = '${live.key.replaceAll("'", "''")}'`,
    );
    const schools = (rows as { id_school: number }[]).map((r) => r.id_school);
    expect(await scopeAfter(() => guardianWithApplications(requests(), key))).toBe(list(schools));
    expect(await scopeAfter(() => guardianWithApplications(requests(), key, live.id_application))).toBe(
      String(live.id_school),
    );
    // an application that is not theirs: nothing to show, no school in scope
    expect(await scopeAfter(() => guardianWithApplications(requests(), key, -1))).toBe('');
  });

  it('a request starts with every school, for the lookup that proves its tenant', async () => {
    expect(await scopeAfter(async () => undefined)).toBe(EVERY_SCHOOL);
  });
});
