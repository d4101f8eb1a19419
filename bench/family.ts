/**
 * Results day on the family portal (issue 24), on PGlite and on the PostgreSQL server, over a season of 10,000
 * guardians (bench/family-data.ts) among 50,000 other applications:
 * - the spike: every guardian signs in and reads their status within the window (default 10,000 in 10 minutes),
 *   arriving at a fixed rate (open loop): POST /family/sign-in, the link's token read from the sign-in mail it queued
 *   (family-client.ts: the sealed outbox row, opened with the server's key, or the mail once sent), POST
 *   /family/session with it, GET /family/applications, GET /family/applications/:id;
 * - the status page at a fixed rate (default 200 requests/s) on one server process: each GET /family/applications
 *   immediately followed by the guardian's applications query (family.repository.ts) run directly, with the same
 *   parameters; latencies from each request's scheduled start, so a server falling behind shows in them;
 * - one request at a time, each followed by every statement the service sends for it: a guardian with one waiting
 *   application (its rank in the priority group and the list's movement: two queries more) beside one with an
 *   application that is not waiting, and the detail.
 * The portal's rate limits stay on: each guardian comes from an address of their own (TRUST_PROXY=loopback and
 * X-Forwarded-For), so the per-address limits (sign-in: the LOGIN limit, 30 a minute; reads: 120 a minute) count each
 * family apart, as they would behind a real proxy; every 429 is counted and printed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed/demo';
import { countHit } from '../apps/server/src/lib/rate-limit.repository';
import { sha256 } from '../apps/server/src/lib/crypto';
import { guardianWithApplications } from '../apps/server/src/modules/family/family.auth';
import { contactOf, type Contact } from '../apps/server/src/modules/family/family.contact';
import { waitingFigures } from '../apps/server/src/modules/family/family.figures';
import { guardianApplications, sessionApplications } from '../apps/server/src/modules/family/family.repository';
import { namedOnPglite } from '../apps/server/src/db/named-statement';
import { applicationDetail, presentApplications } from '../apps/server/src/modules/family/family.service';
import { startSmtpServer, type TestSmtpServer } from '../apps/server/src/test/smtp';
import { statementCapture, type Statement } from './statements';
import { addressOf, familyClient, json, tokenFromMail, type Call, type Reply } from './family-client';
import { guardianEmail, seedFamilySeason, singleApplicationGuardians } from './family-data';
import type { LoadAnswer, LoadPlan } from './family-load';
import { createBenchDatabase, interleaved, percentiles, startApi, type Row, type Server } from './harness';

export type FamilyOptions = {
  /** Guardians in the season, each signing in once during the spike. */
  guardians: number;
  /** The spike's window: every guardian arrives within it, at a fixed rate. */
  minutes: number;
  /** The status page's fixed rate (requests/s) and for how long. */
  rate: number;
  seconds: number;
};

/** Guardians per case of the one-at-a-time part, and its time per case. */
const SAMPLE_GUARDIANS = 300;
const BUDGET_MS = 15_000;
const TARGET = 'target p99 < 100 ms at 200 requests/s on one process';

const progress = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const three = (xs: number[]) => {
  const p = percentiles(xs);
  return `${ms(p.p50)} / ${ms(p.p95)} / ${ms(p.p99)} ms`;
};
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const contactOfGuardian = (g: number) => contactOf(guardianEmail(g)) as Contact;
/** The session key a guardian's cookie carries. */
const sessionKey = (cookies: Map<number, string>, g: number) => cookies.get(g)!.split('=')[1];

/** What the run saw of each status other than 200: the portal's limits must not answer 429 here. */
class Refusals {
  private readonly counts = new Map<number, number>();
  check(reply: Reply, what: string) {
    if (reply.status === 200) return reply;
    this.counts.set(reply.status, (this.counts.get(reply.status) ?? 0) + 1);
    throw new Error(`${what}: ${reply.status} ${reply.body.toString('utf8').slice(0, 120)}`);
  }
  toString() {
    const all = [...this.counts].map(([status, n]) => `${n} x ${status}`).join(', ');
    return `429s: ${this.counts.get(429) ?? 0}${all ? `; refused: ${all}` : ''}`;
  }
}

type Ctx = {
  kind: 'pglite' | 'postgres';
  url: string;
  call: Call;
  database: Database;
  key: Buffer;
  smtp: TestSmtpServer;
  rows: Row[];
  capture: (run: () => Promise<unknown>) => Promise<Statement[]>;
};

export async function benchFamily(kind: 'pglite' | 'postgres', rows: Row[], options: FamilyOptions) {
  const { databaseUrl, dataDir, drop } = await createBenchDatabase(kind, 'family');
  progress(`${kind}: migrate, seed the demo and the family season`);
  const seeding = await openDatabase({ databaseUrl, dataDir });
  await migrateDatabase(seeding);
  await seedDemoData(seeding.db);
  const t = performance.now();
  const season = await seedFamilySeason(seeding, options.guardians);
  await seeding.close();
  rows.push([
    `${kind}: family season`,
    `${((performance.now() - t) / 1000).toFixed(1)} s`,
    `${season.guardians.toLocaleString('en')} guardians, ${season.applications.toLocaleString('en')} applications (${season.withTwo.toLocaleString('en')} second children, ${season.waiting.toLocaleString('en')} waiting, ${season.offered.toLocaleString('en')} offered) over ${season.periods} periods of both schools, among ${season.background.toLocaleString('en')} others`,
  ]);

  const { logger, capture } = statementCapture();
  // one server process: on the server its pool's size for the direct side too
  const poolSize = databaseUrl
    ? loadConfig({ DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '1' }).databasePoolSize
    : undefined;
  const database = await openDatabase({ databaseUrl, dataDir, logger, poolSize });
  const smtp = await startSmtpServer();
  const key = randomBytes(32);
  let server: Server | null = null;
  try {
    server = await startApi(kind, database, dataDir, databaseUrl, {
      SMTP_URL: smtp.url,
      ENCRYPTION_KEY: key.toString('hex'),
      TRUST_PROXY: 'loopback',
      WEB_CONCURRENCY: '1',
    });
    const ctx: Ctx = { kind, url: server.url, call: familyClient(server.url), database, key, smtp, rows, capture };
    rows.push([
      `${kind}: family limits`,
      'on',
      'TRUST_PROXY=loopback, each guardian its own X-Forwarded-For address: sign-in 30/min, reads 120/min per address; one server process (WEB_CONCURRENCY=1)',
    ]);
    const cookies = await spike(ctx, options);
    await statusPageAtRate(ctx, cookies, options);
    await oneAtATime(ctx, cookies, options);
    await statusPageSteps(ctx, cookies);
  } finally {
    await server?.stop();
    await smtp.close();
    await database.close();
    await drop();
  }
}

/** Every guardian signs in and reads, arriving at a fixed rate over the window; answers each one's session cookie. */
async function spike(ctx: Ctx, { guardians, minutes }: FamilyOptions): Promise<Map<number, string>> {
  const { kind, call, rows } = ctx;
  progress(`${kind}: results day, ${guardians} guardians in ${minutes} min`);
  const steps = { signIn: [] as number[], session: [] as number[], list: [] as number[], detail: [] as number[] };
  const flows: number[] = [];
  const cookies = new Map<number, string>();
  const refusals = new Refusals();
  let failed = 0;
  let firstError: string | null = null;
  const flow = async (g: number) => {
    const headers = { 'x-forwarded-for': addressOf(g) };
    const t0 = performance.now();
    let t = t0;
    const lap = (into: number[]) => {
      const now = performance.now();
      into.push(now - t);
      t = now;
    };
    refusals.check(await call('POST', '/api/family/sign-in', headers, { contact: guardianEmail(g) }), 'sign-in');
    lap(steps.signIn);
    const token = await tokenFromMail(ctx.database, ctx.key, ctx.smtp.received, g);
    if (!token) throw new Error(`no sign-in mail for guardian ${g}`);
    t = performance.now();
    const opened = refusals.check(
      await call('POST', '/api/family/session', { ...headers, 'x-requested-with': 'XMLHttpRequest' }, { token }),
      'session',
    );
    lap(steps.session);
    if (!opened.cookie) throw new Error('no session cookie');
    const auth = { ...headers, cookie: opened.cookie };
    const list = json<Array<{ id_application: number }>>(
      refusals.check(await call('GET', '/api/family/applications', auth), 'applications'),
    );
    lap(steps.list);
    refusals.check(await call('GET', `/api/family/applications/${list[0].id_application}`, auth), 'detail');
    lap(steps.detail);
    flows.push(performance.now() - t0);
    cookies.set(g, opened.cookie);
  };
  const gap = (minutes * 60_000) / guardians;
  const start = performance.now();
  const running: Promise<void>[] = [];
  for (let g = 1; g <= guardians; g++) {
    const wait = start + (g - 1) * gap - performance.now();
    if (wait > 1) await sleep(wait);
    running.push(
      flow(g).catch((err: unknown) => {
        failed++;
        firstError ??= String(err);
      }),
    );
  }
  await Promise.all(running);
  const seconds = (performance.now() - start) / 1000;
  const mailed = ctx.smtp.received.filter((m) => m.to.some((to) => to.endsWith('@family.bench.openseat.org'))).length;
  const { rows: pending } = await ctx.database.executeSql(
    `SELECT count(*)::int AS n FROM account_mail WHERE kind = 'guardian_sign_in' AND status = 'pending'`,
    [],
  );
  rows.push([
    `${kind}: results day, ${guardians.toLocaleString('en')} guardians in ${minutes} min (open loop)`,
    `${cookies.size.toLocaleString('en')} signed in and read in ${seconds.toFixed(0)} s, ${(cookies.size / seconds).toFixed(1)} guardians/s`,
    `${((cookies.size * 4) / seconds).toFixed(0)} requests/s; ${failed} failed${firstError ? ` (first: ${firstError})` : ''}; ${refusals}; guardian's whole visit p50 / p99 ${ms(percentiles(flows).p50)} / ${ms(percentiles(flows).p99)} ms`,
  ]);
  const step = (name: string, xs: number[], note: string) =>
    rows.push([`${kind}: results day, ${name} p50 / p95 / p99`, three(xs), `n=${xs.length}; ${note}`]);
  step('POST sign-in', steps.signIn, 'answers no sooner than 300 ms, by design (known and unknown contacts alike)');
  step('POST session (the link)', steps.session, 'token read from the sealed sign-in mail');
  step('GET applications', steps.list, 'the status page');
  step('GET applications/:id', steps.detail, 'the detail');
  rows.push([
    `${kind}: results day, sign-in mails sent by the end`,
    `${mailed.toLocaleString('en')} of ${guardians.toLocaleString('en')}`,
    `${Number((pending[0] as { n: number }).n).toLocaleString('en')} still pending in the account-mail outbox (account-mail.send takes 25 jobs per poll)`,
  ]);
  return cookies;
}

/**
 * The status page's statement run directly as the API sends it on PGlite, named (parsed and planned once, bound per
 * call: db/named-statement.ts); on the server unnamed, which costs it more than the API's named one (conservative).
 */
function directStatement(database: Database, text: string) {
  if (database.kind !== 'pglite') return (params: unknown[]) => database.executeSql(text, params);
  type Client = { query: (text: string, params: unknown[], options: object) => Promise<unknown> };
  const pg = (database.db as unknown as { $client: unknown }).$client;
  const named = namedOnPglite({ client: pg }, 'bench_family_session') as { client: Client };
  return (params: unknown[]) => named.client.query(text, params, { rowMode: 'array' });
}

/**
 * GET /family/applications at a fixed rate, each request followed by the guardian's applications query run
 * directly; latency from each request's scheduled start.
 */
async function statusPageAtRate(ctx: Ctx, cookies: Map<number, string>, { rate, seconds }: FamilyOptions) {
  const { kind, database, rows } = ctx;
  const guardians = [...cookies.keys()];
  if (!guardians.length) throw new Error('no guardian signed in');
  const hashOf = (g: number) => sha256(sessionKey(cookies, g));
  const own = hashOf(guardians[0]);
  const [statement] = await ctx.capture(() => sessionApplications(database.db, own, new Date()));
  const paramsOf = (g: number) => statement.params.map((p) => (p === own ? hashOf(g) : p));
  if (!statement.params.includes(own)) throw new Error('the applications query takes no session parameter');
  const runDirect = directStatement(database, statement.query);
  progress(`${kind}: status page at ${rate}/s for ${seconds} s`);
  const refusals = new Map<number, number>();
  const api: number[] = [];
  const direct: number[] = [];
  let failed = 0;
  let firstError: string | null = null;
  let lastEnd = 0;
  const start = performance.timeOrigin + performance.now();
  const plan: LoadPlan = { url: ctx.url, rate, seconds, guardians: guardians.map((g) => [g, cookies.get(g)!]) };
  const load = typescriptWorker(new URL('./family-load.ts', import.meta.url), plan);
  const running: Promise<void>[] = [];
  const sentMs = await new Promise<number>((resolve, reject) => {
    load.on('error', reject);
    load.on('message', (answer: LoadAnswer) => {
      if (answer.kind === 'done') return resolve(answer.sentMs);
      if (answer.status !== 200) {
        failed++;
        refusals.set(answer.status, (refusals.get(answer.status) ?? 0) + 1);
        firstError ??= answer.error ?? `status ${answer.status}`;
        return;
      }
      api.push(answer.end - answer.at);
      lastEnd = Math.max(lastEnd, answer.end);
      // the same SQL, right after the answer reached this thread
      running.push(
        (async () => {
          const t = performance.now();
          await runDirect(paramsOf(answer.g));
          direct.push(performance.now() - t);
        })(),
      );
    });
  });
  await Promise.all(running);
  await load.terminate();
  const total = rate * seconds;
  const refused = [...refusals].map(([status, n]) => `${n} x ${status}`).join(', ') || 'none';
  const a = percentiles(api);
  const d = percentiles(direct);
  rows.push([
    `${kind}: status page at ${rate}/s, open loop, p50 / p95 / p99`,
    three(api),
    `SQL (the session and applications query, same parameters, sent as the API sends it on PGlite, named; unnamed on the server, where the API's is named) ${three(direct)}; ratio p50 ${(a.p50 / d.p50).toFixed(1)}x, p99 ${(a.p99 / d.p99).toFixed(1)}x; achieved ${(api.length / ((lastEnd - start) / 1000)).toFixed(0)}/s (sent ${((total / sentMs) * 1000).toFixed(0)}/s from a worker thread), n=${api.length}, ${failed} failed${firstError ? ` (first: ${firstError})` : ''}, refused: ${refused}; ${TARGET}`,
  ]);
}

/** A worker thread running a TypeScript file (tsx's loader registered in it first, as `--import tsx` is here). */
const typescriptWorker = (file: URL, workerData: unknown) =>
  new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`,
    { eval: true, workerData },
  );

/** One request at a time, each followed by every statement the service sends for it, for a few hundred guardians. */
async function oneAtATime(ctx: Ctx, cookies: Map<number, string>, options: FamilyOptions) {
  const { kind, call, database, rows } = ctx;
  const signedIn = (gs: number[]) => gs.filter((g) => cookies.has(g));
  const pairs = async (name: string, gs: number[], pathOf: (g: number) => string, service: (g: number) => unknown) => {
    progress(`${kind}: ${name}, one at a time`);
    const statements: Statement[][] = [];
    for (const g of gs) statements.push(await ctx.capture(async () => service(g)));
    const refusals = new Refusals();
    let i = 0;
    const { api, direct } = await interleaved(
      async () => {
        const g = gs[i % gs.length];
        const headers = { 'x-forwarded-for': addressOf(g), cookie: cookies.get(g)! };
        refusals.check(await call('GET', pathOf(g), headers), name);
      },
      async () => {
        for (const s of statements[i++ % gs.length]) await database.executeSql(s.query, s.params);
      },
      { budgetMs: BUDGET_MS, minSamples: 300 },
    );
    const a = percentiles(api);
    const d = percentiles(direct);
    const counts = [...new Set(statements.map((s) => s.length))].join(' or ');
    rows.push([
      `${kind}: ${name} p50 / p95 / p99`,
      three(api),
      `SQL (the service's ${counts} statements) ${three(direct)}; ratio p50 ${(a.p50 / d.p50).toFixed(1)}x, p99 ${(a.p99 / d.p99).toFixed(1)}x; ${gs.length} guardians, n=${api.length}; ${refusals}`,
    ]);
    return { a, d };
  };
  const list = '/api/family/applications';
  // as the route reads: the session with the applications, then what the page shows of each (figures read fresh)
  const reads = () => ({ db: database.db, figures: waitingFigures(database.db), now: new Date() });
  const ofSession = (g: number, id?: number) => guardianWithApplications(database.db, sessionKey(cookies, g), id);
  const page = async (g: number) => presentApplications(reads(), (await ofSession(g)).applications);
  const waiting = await pairs(
    'status page, one waiting application',
    signedIn(singleApplicationGuardians(options.guardians, true, SAMPLE_GUARDIANS)),
    () => list,
    page,
  );
  const other = await pairs(
    'status page, one application not waiting',
    signedIn(singleApplicationGuardians(options.guardians, false, SAMPLE_GUARDIANS)),
    () => list,
    page,
  );
  rows.push([
    `${kind}: status page, waiting's extra cost p50 / p99`,
    `${ms(waiting.a.p50 - other.a.p50)} / ${ms(waiting.a.p99 - other.a.p99)} ms`,
    `the API, waiting minus not waiting; SQL ${ms(waiting.d.p50 - other.d.p50)} / ${ms(waiting.d.p99 - other.d.p99)} ms (rank in the priority group, the list's movement per week)`,
  ]);
  const mixed = signedIn(Array.from({ length: SAMPLE_GUARDIANS }, (_, k) => 1 + k * 7));
  const ids = new Map<number, number>();
  for (const g of mixed) ids.set(g, (await guardianApplications(database.db, contactOfGuardian(g)))[0].id_application);
  await pairs(
    'detail (applications/:id)',
    mixed,
    (g) => `${list}/${ids.get(g)}`,
    async (g) => applicationDetail(reads(), (await ofSession(g, ids.get(g)!)).applications[0]),
  );
}

/**
 * The family portal's first load from the built client: family.html's module script and the chunks it preloads,
 * each gzipped (level 9, as the server's .gz copies); not the language files it loads after (the build's own check,
 * apps/web/vite.config.ts, adds the largest one).
 */
export function familyFirstLoadJs(): Row {
  const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
  const html = path.join(dist, 'family.html');
  const label = 'family portal first-load JS (gzipped)';
  if (!fs.existsSync(html)) return [label, 'not built', 'npm run build'];
  const text = fs.readFileSync(html, 'utf8');
  const scripts = [
    ...text.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...text.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]);
  const bytes = scripts.reduce(
    (sum, src) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, src)), { level: 9 }).length,
    0,
  );
  return [
    label,
    `${(bytes / 1024).toFixed(1)} kB in ${scripts.length} files`,
    'apps/web/dist/family.html: its module script and modulepreloads, not the lazy language files; target < 100 kB',
  ];
}

/**
 * Where a status page request's database time goes, each step run alone (in this process, one at a time): the
 * rate limiter's counter (an upsert, so a commit; the portal batches it), the session with the applications and
 * their held moves (one statement), and the route's reads (that statement and, for a waiting application, its rank
 * and the list's movement, read fresh here).
 */
async function statusPageSteps(ctx: Ctx, cookies: Map<number, string>) {
  const { kind, database, rows } = ctx;
  progress(`${kind}: the status page's steps`);
  const guardians = [...cookies.keys()].slice(0, SAMPLE_GUARDIANS);
  const steps: Array<[string, (g: number) => Promise<unknown>]> = [
    ['rate-limit counter (upsert)', (g) => countHit(database.db, `bench-steps-${g}`, 60_000, 120, false)],
    ['session and applications (one statement)', (g) => guardianWithApplications(database.db, sessionKey(cookies, g))],
    [
      'service (as the route)',
      async (g) =>
        presentApplications(
          { db: database.db, figures: waitingFigures(database.db), now: new Date() },
          (await guardianWithApplications(database.db, sessionKey(cookies, g))).applications,
        ),
    ],
  ];
  const figures: string[] = [];
  for (const [name, step] of steps) {
    const samples: number[] = [];
    for (let round = 0; round < 3; round++)
      for (const g of guardians) {
        const t = performance.now();
        await step(g);
        samples.push(performance.now() - t);
      }
    const p = percentiles(samples);
    figures.push(`${name} ${ms(p.p50)} / ${ms(p.p99)}`);
  }
  rows.push([
    `${kind}: status page's steps alone, p50 / p99 ms`,
    figures.slice(0, 2).join('; '),
    `${figures.slice(2).join('; ')}; n=${guardians.length * 3} each, one at a time, in the bench process`,
  ]);
}
