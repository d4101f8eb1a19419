import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestApp, type TestContext } from './harness';
import { signIn } from './session';
import {
  BEFORE_SCHOOL_CHOICE,
  requestOf,
  buildFixtures,
  PUBLIC_ROUTES,
  REQUEST_RECORDS,
  tenancyFiles,
  type Actor,
  type Fixtures,
  type ListRow,
  type Row,
} from './tenancy/kit';
import { LISTS, SCHOOL_AND_CAMPUS_ROWS } from './tenancy/school-and-campus';
import { PEOPLE_LISTS, PEOPLE_ROWS } from './tenancy/people';
import { CATALOG_ROWS } from './tenancy/catalogs';
import { APPLICATION_LISTS, APPLICATION_ROWS } from './tenancy/applications';
import { RECORD_LISTS, RECORD_ROWS, setupRecords } from './tenancy/records';
import { LOTTERY_ROWS, setupLottery } from './tenancy/lottery';
import { setupTemplates, TEMPLATE_ROWS } from './tenancy/templates';
import { REMINDER_ROWS, setupReminders } from './tenancy/reminders';
import { MESSAGING_ROWS, setupMessaging } from './tenancy/messaging';
import { FORM_ROWS, setupForms } from './tenancy/forms';
import { ADMIN_ROWS, setupAdmin } from './tenancy/admin';
import { FEEDBACK_LISTS, FEEDBACK_ROWS, setupFeedback } from './tenancy/feedback';
import { CONVERSION_ROWS, setupConversions } from './tenancy/conversions';
import { NOTIFICATION_ROWS, setupNotifications } from './tenancy/notifications';
import { ADS_TRACKING_ROWS } from './tenancy/ads-tracking';
import { DASHBOARD_ROWS } from './tenancy/dashboard';
import { FAMILY_LISTS, FAMILY_ROWS, guardianCookie, setupFamily } from './tenancy/family';
import { DECLINE_REASON_ROWS } from './tenancy/decline-reasons';
import { REGISTRATION_ROWS } from './tenancy/registration';
import { SIS_HANDOFF_ROWS } from './tenancy/sis-handoff';
import { IMPORTS_READ_LISTS, IMPORTS_READ_ROWS, setupImportsRead } from './tenancy/imports-read';
import { IMPORT_ROWS, setupImports } from './tenancy/imports';
import { RETENTION_ROWS } from './tenancy/retention';
import { FAMILY_EXPORT_ROWS } from './tenancy/family-export';
import { ERASURE_ROWS, setupErasure } from './tenancy/erasure';

/**
 * Cross-tenant isolation, generated from the app's own route list (`app.apiRoutes`) and the rows of each part of the
 * app, kept beside each other in `tenancy/<part>.ts` (the rules of a row are in `tenancy/kit.ts`). Every /api route
 * needs at least one row, or the first test fails and names it. The rows run in the order below: a part's writes may
 * leave what a later row reads.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let f: Fixtures;
const tokens = {} as Record<Actor, string>;

const ROWS: Row[] = [
  ...SCHOOL_AND_CAMPUS_ROWS,
  ...PEOPLE_ROWS,
  ...CATALOG_ROWS,
  ...APPLICATION_ROWS,
  ...RECORD_ROWS,
  ...LOTTERY_ROWS,
  ...TEMPLATE_ROWS,
  ...REMINDER_ROWS,
  ...MESSAGING_ROWS,
  ...FORM_ROWS,
  ...ADMIN_ROWS,
  ...FEEDBACK_ROWS,
  ...CONVERSION_ROWS,
  ...NOTIFICATION_ROWS,
  ...ADS_TRACKING_ROWS,
  ...DASHBOARD_ROWS,
  ...FAMILY_ROWS,
  ...DECLINE_REASON_ROWS,
  ...REGISTRATION_ROWS,
  ...SIS_HANDOFF_ROWS,
  ...IMPORTS_READ_ROWS,
  ...IMPORT_ROWS,
  ...FAMILY_EXPORT_ROWS,
  ...RETENTION_ROWS,
  ...ERASURE_ROWS,
];
const ALL_LISTS: ListRow[] = [
  ...LISTS,
  ...PEOPLE_LISTS,
  ...APPLICATION_LISTS,
  ...RECORD_LISTS,
  ...FEEDBACK_LISTS,
  ...FAMILY_LISTS,
  ...IMPORTS_READ_LISTS,
];
const ACTORS: Actor[] = [
  'schoolA',
  'campusAdminA',
  'campusA1',
  'editorA1',
  'maintainerNone',
  'maintainerA',
  'maintainerChooser',
  'support',
  'supportA',
  'superAdmin',
  'passwordChanger',
  'guardianA',
  'guardianLeaving',
];

/** How an actor is signed in: a staff bearer token, or a guardian's portal cookie (and the same-site marker). */
const as = (actor: Actor) =>
  actor === 'guardianA' || actor === 'guardianLeaving'
    ? { headers: { cookie: guardianCookie(actor), 'x-requested-with': 'fetch' } }
    : { token: tokens[actor] };

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url.replace(/^\/api/, '')}`;
const concrete = (url: string) => url.replace(/^\/api/, '').replace(/:\w+/g, '1');

let digestQuery: string | null = null;

/** Every data table, row by row: a refused write must leave each one exactly as it was. */
async function databaseDigest(): Promise<Record<string, string>> {
  if (!digestQuery) {
    const { rows } = await ctx.database.executeSql(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    digestQuery = (rows as Array<{ name: string }>)
      .map((r) => r.name)
      .filter((name) => !REQUEST_RECORDS.test(name))
      .map(
        (name) =>
          `SELECT '${name}' AS name, count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${name}" t`,
      )
      .join(' UNION ALL ');
  }
  const { rows } = await ctx.database.executeSql(digestQuery);
  return Object.fromEntries((rows as Array<{ name: string; digest: string }>).map((r) => [r.name, r.digest]));
}

/** Waits until background work started by earlier rows (a copy, its mail) is done, so it cannot touch a digest. */
async function settleJobs() {
  await expect
    .poll(
      async () => {
        const { rows } = await ctx.database.executeSql(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`,
        );
        return (rows as Array<{ n: number }>)[0].n;
      },
      { timeout: 20_000 },
    )
    .toBe(0);
}

function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

/** A new sign-in that chooses a school; returns the access token working inside it. */
async function chooseSchool(user: { email: string; id_user: number }, id_school: number) {
  const session = await signIn(ctx.baseUrl, user.email);
  const res = await call<{ accessToken: string }>('POST', '/auth/login-with-school', {
    token: session.accessToken,
    body: { id_user: user.id_user, id_school },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.accessToken;
}

beforeAll(async () => {
  tenancyFiles.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-tenancy-'));
  ctx = await startTestApp({ env: { DATA_DIR: tenancyFiles.dataDir } });
  call = apiClient(ctx.baseUrl);
  f = await buildFixtures(ctx.db);
  await setupRecords(ctx, f);
  await setupLottery(ctx, f);
  await setupTemplates(ctx, f);
  await setupReminders(ctx, f);
  await setupMessaging(ctx, f);
  await setupErasure(ctx, f);
  await setupForms(ctx, f);
  await setupAdmin(ctx);
  await setupFeedback(ctx, f);
  await setupConversions(ctx, f);
  await setupNotifications(ctx, f);
  await setupFamily(ctx, f);
  await setupImportsRead(ctx, f);
  await setupImports(ctx, f);
  for (const actor of [
    'schoolA',
    'campusAdminA',
    'campusA1',
    'editorA1',
    'support',
    'superAdmin',
    'passwordChanger',
  ] as const)
    tokens[actor] = (await signIn(ctx.baseUrl, f.users[actor].email)).accessToken;
  // each choice of a school ends the sign-in it was made from: every token below is its own sign-in
  tokens.maintainerNone = (await signIn(ctx.baseUrl, f.users.maintainer.email)).accessToken;
  tokens.maintainerChooser = (await signIn(ctx.baseUrl, f.users.maintainer.email)).accessToken;
  tokens.maintainerA = await chooseSchool(f.users.maintainer, f.schoolA.id_school);
  tokens.supportA = await chooseSchool(f.users.support, f.schoolA.id_school);
});
afterAll(async () => {
  await ctx?.close();
  if (tenancyFiles.dataDir) fs.rmSync(tenancyFiles.dataDir, { recursive: true, force: true });
});

describe('tenant isolation', () => {
  it('has a row for every /api route (generated from the app route list)', () => {
    const routes = ctx.app.apiRoutes.map(routeKey);
    const covered = new Set([...ROWS, ...ALL_LISTS].map((r) => r.route));
    const missing = ctx.app.apiRoutes
      .filter((r) => !covered.has(routeKey(r)) && !(r.public && PUBLIC_ROUTES[routeKey(r)]))
      .map(routeKey);
    expect(
      missing,
      `These routes have no tenancy row: add one to the rows or lists of its part in apps/server/src/test/tenancy/:\n  ${missing.join('\n  ')}`,
    ).toEqual([]);
    const stale = [...covered, ...Object.keys(PUBLIC_ROUTES)].filter((key) => !routes.includes(key));
    expect(stale, `rows for routes the app does not have: ${stale.join(', ')}`).toEqual([]);
    const notPublic = Object.keys(PUBLIC_ROUTES).filter(
      (key) => !ctx.app.apiRoutes.some((r) => r.public && routeKey(r) === key),
    );
    expect(notPublic, 'only public routes may go without a row').toEqual([]);
  });

  it('covers every actor', () => {
    const used = new Set([...ROWS.flatMap((r) => [r.actor, r.ownActor]), ...ALL_LISTS.map((l) => l.actor)]);
    expect(ACTORS.filter((a) => !used.has(a))).toEqual([]);
  });

  for (const row of ROWS) {
    const title = `${row.route}${row.case ? ` (${row.case})` : ''} as ${row.actor}`;
    it(`${title}: ${row.other ? 'another tenant is refused' : row.shared}`, async () => {
      if (!row.other && !row.shared) throw new Error(`${title}: a row needs \`other\` or a \`shared\` reason`);
      if (row.other) {
        const other = row.other(f);
        const write = other.method !== 'GET';
        // background work of an earlier row (a copy job, its mail) must not land between the two digests
        if (write) await settleJobs();
        const before = write ? await databaseDigest() : {};
        const refused = await call(other.method, other.path, requestOf(as(row.actor), other));
        expect([403, 404], `${other.method} ${other.path}: ${JSON.stringify(refused.body)}`).toContain(refused.status);
        const text = JSON.stringify(refused.body);
        for (const trace of row.foreign(f)) expect(text).not.toContain(trace);
        if (write)
          expect(changedTables(before, await databaseDigest()), 'tables changed by a refused write').toEqual([]);
      }
      const own = row.own(f);
      const ok = await call(own.method, own.path, requestOf(as(row.ownActor ?? row.actor), own));
      expect(ok.status, `${own.method} ${own.path}: ${JSON.stringify(ok.body)}`).toBeLessThan(300);
      if (!row.other) {
        const text = typeof ok.body === 'string' ? ok.body : JSON.stringify(ok.body);
        for (const trace of row.foreign(f)) expect(text).not.toContain(trace);
      }
    });
  }

  for (const list of ALL_LISTS) {
    it(`${list.route} as ${list.actor} lists only its own tenant`, async () => {
      const res = await call('GET', list.path, as(list.actor));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      for (const own of list.own(f)) expect(text).toContain(own);
      for (const foreign of list.foreign(f)) expect(text).not.toContain(foreign);
    });
  }

  it('refuses a maintainer that has not chosen a school on every other route, changing nothing', async () => {
    await settleJobs();
    const before = await databaseDigest();
    const answered: string[] = [];
    for (const route of ctx.app.apiRoutes) {
      if (route.public || BEFORE_SCHOOL_CHOICE.includes(routeKey(route))) continue;
      const res = await call(route.method, concrete(route.url), {
        token: tokens.maintainerNone,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      if (res.status !== 403) answered.push(`${routeKey(route)} -> ${res.status}`);
    }
    expect(answered).toEqual([]);
    expect(changedTables(before, await databaseDigest())).toEqual([]);
    // positive control: the same token may choose a school
    const choose = await call('POST', '/auth/login-with-school', {
      token: tokens.maintainerNone,
      body: { id_user: f.users.maintainer.id_user, id_school: f.schoolB.id_school },
    });
    expect(choose.status).toBe(200);
  });
});
