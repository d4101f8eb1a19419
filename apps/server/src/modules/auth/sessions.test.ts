import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { refreshToken as refreshTokenTable } from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createUser } from '../../test/factories';
import { browserSignIn, logoutWith, REFRESH_COOKIE, refreshCookieOf, refreshWith } from './auth.testing';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
});
afterAll(() => ctx?.close());

const newUser = () => createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM });
const validate = async (accessToken: string) =>
  (await call('POST', '/auth/validate-token', { token: accessToken })).status;

async function familiesOf(id_user: number) {
  const rows = await ctx.db.select().from(refreshTokenTable).where(eq(refreshTokenTable.id_user, id_user));
  return { families: new Set(rows.map((r) => r.family)).size, revoked: rows.filter((r) => r.revokedAt).length };
}

/** Moves the spending of a token back in time, past any grace window. */
const spentLongAgo = (token: string) =>
  ctx.db
    .update(refreshTokenTable)
    .set({ usedAt: sql`now() - interval '10 minutes'` })
    .where(eq(refreshTokenTable.tokenHash, sha256(token)));

describe('refresh cookie', () => {
  it('carries the refresh token in an HttpOnly, Secure, SameSite=Strict cookie scoped to /api/auth', async () => {
    const user = await newUser();
    const login = await call('POST', '/auth/login', { body: { email: user.email, password: 'correct-horse-battery' } });
    expect(login.status).toBe(200);
    expect(login.body).not.toHaveProperty('refreshToken');
    const cookie = refreshCookieOf(login.headers);
    expect(cookie?.name).toBe(REFRESH_COOKIE);
    expect(cookie?.value.length).toBeGreaterThan(40);
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/api/auth']),
    );
    const maxAge = Number(cookie?.attributes.find((a) => a.startsWith('Max-Age='))?.slice(8));
    expect(maxAge).toBeGreaterThan(3600);

    const refreshed = await refreshWith(ctx.baseUrl, cookie!.value, user.id_user);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).not.toHaveProperty('refreshToken');
    expect(refreshed.body).toMatchObject({ user: { id_user: user.id_user } });
    expect(refreshed.refreshToken).not.toBe(cookie!.value);
    expect(await validate(refreshed.body.accessToken)).toBe(200);
  });

  it('answers a refresh without the cookie with 401', async () => {
    const res = await call('POST', '/auth/request-new-access-token', {
      headers: { 'x-requested-with': 'openseat' },
      body: { grant_type: 'refresh_token' },
    });
    expect(res.status).toBe(401);
  });

  it('refuses a cross-site refresh or logout: custom header or same Origin required', async () => {
    const user = await newUser();
    const session = await browserSignIn(ctx.baseUrl, user.email);
    const bare = await refreshWith(ctx.baseUrl, session.refreshToken, user.id_user, {});
    expect(bare.status).toBe(403);
    const foreign = await refreshWith(ctx.baseUrl, session.refreshToken, user.id_user, {
      origin: 'https://evil.example',
      'x-requested-with': 'openseat',
    });
    expect(foreign.status).toBe(403);
    const foreignLogout = await call('POST', '/auth/logout', {
      headers: { origin: 'https://evil.example', cookie: `${REFRESH_COOKIE}=${session.refreshToken}` },
      body: {},
    });
    expect(foreignLogout.status).toBe(403);
    // positive controls: the same token, from our own origin, or with the header
    const sameOrigin = await refreshWith(ctx.baseUrl, session.refreshToken, user.id_user, { origin: ctx.baseUrl });
    expect(sameOrigin.status).toBe(200);
    const withHeader = await refreshWith(ctx.baseUrl, sameOrigin.refreshToken, user.id_user);
    expect(withHeader.status).toBe(200);
  });

  it('sign-out clears the cookie and ends the session at once, access token included', async () => {
    const user = await newUser();
    const session = await browserSignIn(ctx.baseUrl, user.email);
    expect(await validate(session.accessToken)).toBe(200);
    const out = await logoutWith(ctx.baseUrl, session.refreshToken);
    expect(out.status).toBe(204);
    const cleared = refreshCookieOf(out.headers);
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes).toContain('Max-Age=0');
    expect(await validate(session.accessToken)).toBe(401);
    expect((await refreshWith(ctx.baseUrl, session.refreshToken, user.id_user)).status).toBe(401);
  });
});

describe('refresh rotation across tabs', () => {
  it('two tabs refreshing with one token at the same instant get the same successor: one family, none revoked', async () => {
    const user = await newUser();
    const session = await browserSignIn(ctx.baseUrl, user.email);
    const [a, b, c, d] = await Promise.all(
      [1, 2, 3, 4].map(() => refreshWith(ctx.baseUrl, session.refreshToken, user.id_user)),
    );
    for (const tab of [a, b, c, d]) expect(tab.status).toBe(200);
    expect(new Set([a, b, c, d].map((t) => t.refreshToken)).size).toBe(1);
    expect(a.refreshToken).not.toBe(session.refreshToken);
    for (const tab of [a, b, c, d]) expect(await validate(tab.body.accessToken)).toBe(200);
    expect(await familiesOf(user.id_user)).toEqual({ families: 1, revoked: 0 });
    // the shared successor goes on rotating
    const next = await refreshWith(ctx.baseUrl, a.refreshToken, user.id_user);
    expect(next.status).toBe(200);
    expect(await familiesOf(user.id_user)).toEqual({ families: 1, revoked: 0 });
  });

  it('a retry after a lost answer, inside the window, gets the successor (the newest one when it moved on)', async () => {
    const user = await newUser();
    const session = await browserSignIn(ctx.baseUrl, user.email);
    const first = await refreshWith(ctx.baseUrl, session.refreshToken, user.id_user);
    const retry = await refreshWith(ctx.baseUrl, session.refreshToken, user.id_user);
    expect(retry.status).toBe(200);
    expect(retry.refreshToken).toBe(first.refreshToken);
    const second = await refreshWith(ctx.baseUrl, first.refreshToken, user.id_user);
    expect(second.status).toBe(200);
    const late = await refreshWith(ctx.baseUrl, session.refreshToken, user.id_user);
    expect(late.status).toBe(200);
    expect(late.refreshToken).toBe(second.refreshToken);
    expect(await familiesOf(user.id_user)).toEqual({ families: 1, revoked: 0 });
  });

  it('reuse of a spent token after the grace window revokes the whole family', async () => {
    const user = await newUser();
    const session = await browserSignIn(ctx.baseUrl, user.email);
    const second = await refreshWith(ctx.baseUrl, session.refreshToken, user.id_user);
    expect(second.status).toBe(200);
    await spentLongAgo(session.refreshToken);

    const replay = await refreshWith(ctx.baseUrl, session.refreshToken, user.id_user);
    expect(replay.status).toBe(401);
    // the thief's replay also ends the legitimate holder's newer token and its access token
    expect((await refreshWith(ctx.baseUrl, second.refreshToken, user.id_user)).status).toBe(401);
    expect(await validate(second.body.accessToken)).toBe(401);
    expect((await familiesOf(user.id_user)).revoked).toBeGreaterThan(0);
  });

  it('limits refreshes per sign-in (token family), not per address', async () => {
    const busy = await newUser();
    const other = await newUser();
    const otherSession = await browserSignIn(ctx.baseUrl, other.email);
    let token = (await browserSignIn(ctx.baseUrl, busy.email)).refreshToken;
    let allowed = 0;
    let limited: number | null = null;
    for (let i = 0; i < 400 && limited === null; i++) {
      const res = await refreshWith(ctx.baseUrl, token, busy.id_user);
      if (res.status === 429) limited = i;
      else {
        expect(res.status).toBe(200);
        token = res.refreshToken;
        allowed++;
      }
    }
    expect(limited).not.toBeNull();
    // four tabs and sixty reloads in a minute stay within the limit
    expect(allowed).toBeGreaterThanOrEqual(64);
    // the same address, another sign-in: not limited
    expect((await refreshWith(ctx.baseUrl, otherSession.refreshToken, other.id_user)).status).toBe(200);
  });
});

describe('access token claims', () => {
  it('refuses an access token without exp', async () => {
    const user = await newUser();
    const session = await browserSignIn(ctx.baseUrl, user.email);
    const { exp, iat, ...claims } = decodeJwt(session.accessToken);
    const sign = (withExp: boolean) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(iat);
      return (withExp ? jwt.setExpirationTime(exp!) : jwt).sign(ctx.secrets.jwtSecret);
    };
    expect(await validate(await sign(true))).toBe(200);
    expect(await validate(await sign(false))).toBe(401);
  });
});
