import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { refreshToken as refreshTokenTable } from '../db/schema/index';
import { sha256 } from '../lib/crypto';
import { createUser, TEST_PASSWORD } from './factories';
import { apiClient, startTwoApps, type TestContext } from './harness';
import { drainJobs } from './jobs';
import { startSmtpServer, type TestSmtpServer } from './smtp';

/*
 * Two API processes of one installation: on the PostgreSQL server (TEST_DATABASE_URL) each has its own
 * connection pool, as two processes would; on PGlite, which one process owns, two apps share the database.
 * Nothing but the database is shared: each app has its own rate limiter, job workers and memory.
 */
let close: () => Promise<void>;
let smtp: TestSmtpServer;
let a: TestContext;
let b: TestContext;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const shared = {
    secrets: { jwtSecret: randomBytes(32), encryptionKey: randomBytes(32) },
    smtpUrl: smtp.url,
    loginRateLimitPerMinute: 3,
    // behind a proxy, as N processes are: each test signs in from client addresses of its own
    env: { TRUST_PROXY: '127.0.0.1' },
  };
  ({ a, b, close } = await startTwoApps(shared));
});
afterAll(async () => {
  await close?.();
  await smtp?.close();
});

const newUser = () => createUser(a.db, { context: CONTEXT_TYPE.SYSTEM });

/** Calls to one app from one client address (as the proxy forwards it). */
const from = (app: TestContext, address: string) => {
  const call = apiClient(app.baseUrl);
  return (method: string, path: string, opts: Parameters<typeof call>[2] = {}) =>
    call(method, path, { ...opts, headers: { ...opts.headers, 'x-forwarded-for': address } });
};

/** The refresh token of a sign-in or refresh answer: in its body, or in its Set-Cookie header. */
function refreshTokenOf(res: { body: Record<string, unknown>; headers: Headers }): string {
  if (typeof res.body.refreshToken === 'string') return res.body.refreshToken;
  const cookie = res.headers.getSetCookie().find((c) => /refresh/i.test(c.split('=')[0]));
  if (!cookie) throw new Error('no refresh token in the answer');
  return cookie.split(';')[0].split('=').slice(1).join('=');
}

async function signInOn(app: TestContext, email: string, address = CLIENT) {
  const res = await from(app, address)('POST', '/auth/login', { body: { email, password: TEST_PASSWORD } });
  expect(res.status).toBe(200);
  return refreshTokenOf(res);
}

const CLIENT = '198.51.100.20';

/** A refresh as the web client sends it (the token in the body and in the cookie). */
const refreshOn = (app: TestContext, token: string, id_user: number, address = CLIENT) =>
  from(app, address)('POST', '/auth/request-new-access-token', {
    headers: { cookie: `openseat_refresh=${token}`, 'x-requested-with': 'openseat' },
    body: { grant_type: 'refresh_token', refreshToken: token, id_user },
  });

describe('two API processes on one database', () => {
  it('share the rate limit: the limit reached through A holds on B', async () => {
    const wrongLogin = (app: TestContext) =>
      from(app, '198.51.100.10')('POST', '/auth/login', {
        body: { email: 'nobody@test.openseat.org', password: 'whatever-it-is' },
      });
    const statuses = [await wrongLogin(a), await wrongLogin(b), await wrongLogin(a)].map((r) => r.status);
    expect(statuses).toEqual([401, 401, 401]);
    expect((await wrongLogin(b)).status).toBe(429);
    expect((await wrongLogin(a)).status).toBe(429);
  });

  it("share the family portal's read limit, counted in batches: exact on one process, the other's hits a moment late", async () => {
    const read = (app: TestContext) => from(app, '198.51.100.30')('GET', '/family/session');
    // signed out, so each read answers 401, yet each one counts
    for (let i = 0; i < 120; i++) expect((await read(a)).status).toBe(401);
    expect((await read(a)).status).toBe(429);
    // B learns A's hits when its own batch goes out (a second), and refuses from then on
    await expect.poll(async () => (await read(b)).status, { timeout: 5000, interval: 200 }).toBe(429);
    // another address is not limited
    expect((await from(b, '198.51.100.31')('GET', '/family/session')).status).toBe(401);
  });

  it('share refresh-token rotation: a token spent on A is refused on B, and the family revoked on both', async () => {
    const user = await newUser();
    // positive control: a session started on A refreshes on B
    const other = await signInOn(a, user.email, '198.51.100.21');
    expect((await refreshOn(b, other, user.id_user, '198.51.100.21')).status).toBe(200);

    const spent = await signInOn(a, user.email);
    const rotated = await refreshOn(a, spent, user.id_user);
    expect(rotated.status).toBe(200);
    const successor = refreshTokenOf(rotated);
    // spent long enough ago that no grace window for two tabs applies
    await a.db
      .update(refreshTokenTable)
      .set({ usedAt: sql`now() - interval '10 minutes'` })
      .where(eq(refreshTokenTable.tokenHash, sha256(spent)));

    expect((await refreshOn(b, spent, user.id_user)).status).toBe(401);
    expect((await refreshOn(a, successor, user.id_user)).status).toBe(401);
  });

  it('share the job queue: each mail enqueued through A or B is sent exactly once', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newUser()));
    for (const [i, user] of users.entries()) {
      const app = i % 2 ? b : a;
      const res = await from(app, `198.51.100.${30 + i}`)('POST', '/auth/recovery-password', {
        body: { email: user.email },
      });
      expect(res.status).toBe(200);
    }
    const emails = users.map((u) => u.email);
    const delivered = () => smtp.received.filter((m) => emails.includes(m.to[0]));
    await expect.poll(() => delivered().length, { timeout: 15_000 }).toBe(users.length);
    await drainJobs(a); // one queue for both: every job processed, by either worker
    expect(
      delivered()
        .map((m) => m.to[0])
        .sort(),
    ).toEqual([...emails].sort());
  });
});
