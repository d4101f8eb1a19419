import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { createUser, TEST_PASSWORD } from './factories';
import { signIn } from './session';
import { apiClient, startTestApp, type TestContext } from './harness';

const lines: string[] = [];
let ctx: TestContext;
let call: ReturnType<typeof apiClient>;

beforeAll(async () => {
  ctx = await startTestApp({ logStream: { write: (line) => void lines.push(line) }, logLevel: 'trace' });
  call = apiClient(ctx.baseUrl);
});
afterAll(() => ctx?.close());

/** The refresh token of a sign-in answer: in its body, or in a Set-Cookie header. */
function refreshTokenOf(res: { body: Record<string, unknown>; headers: Headers }): string {
  if (typeof res.body.refreshToken === 'string') return res.body.refreshToken;
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    if (/refresh/i.test(pair)) return pair.slice(pair.indexOf('=') + 1);
  }
  throw new Error('no refresh token in the answer');
}

/** A refresh as the web client sends it (the token in the body and in the cookie). */
const refresh = (token: string, id_user: number) =>
  call('POST', '/auth/request-new-access-token', {
    headers: { cookie: `openseat_refresh=${token}`, 'x-requested-with': 'openseat' },
    body: { grant_type: 'refresh_token', refreshToken: token, id_user },
  });

describe('logs', () => {
  it('never hold a password, a token or a secret, even at trace level', async () => {
    const user = await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM });
    const wrongPassword = 'wrong-but-close-password';
    expect((await call('POST', '/auth/login', { body: { email: user.email, password: wrongPassword } })).status).toBe(
      401,
    );
    const login = await call('POST', '/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const accessToken = login.body.accessToken as string;
    const refreshToken = refreshTokenOf(login);
    const refreshed = await refresh(refreshToken, user.id_user);
    expect(refreshed.status).toBe(200);
    const nextRefreshToken = refreshTokenOf(refreshed);
    expect((await call('POST', '/auth/validate-token', { token: accessToken })).status).toBe(200);
    // the reset link a user opens is a page of the client: its token sits in the query string
    const resetToken = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    await (await fetch(`${ctx.baseUrl}/resetpassword?token=${resetToken}`)).arrayBuffer();

    const log = lines.join('');
    expect(log).toContain('/api/auth/login'); // requests are logged (positive control)
    expect(log).toContain('/resetpassword');
    for (const secret of [
      TEST_PASSWORD,
      wrongPassword,
      accessToken,
      refreshToken,
      nextRefreshToken,
      refreshed.body.accessToken as string,
      resetToken,
      Buffer.from(ctx.secrets.jwtSecret).toString('base64url'),
      ctx.secrets.encryptionKey.toString('hex'),
    ])
      expect(log).not.toContain(secret);
  });
});

describe('at the default level (info)', () => {
  const infoLines: string[] = [];
  let info: TestContext;
  beforeAll(async () => {
    info = await startTestApp({ logStream: { write: (line) => void infoLines.push(line) }, logLevel: 'info' });
  });
  afterAll(() => info?.close());

  it('writes one line per request, when answered: method, url without secrets, status, time, request id, caller', async () => {
    const user = await createUser(info.db, { context: CONTEXT_TYPE.SYSTEM });
    const { accessToken: token } = await signIn(info.baseUrl, user.email);
    const secretLink = '/resetpassword?token=SeCrEtLiNkToKeN0123456789';
    infoLines.length = 0;
    const res = await fetch(`${info.baseUrl}/api/auth/validate-token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    await (await fetch(`${info.baseUrl}/api/nowhere${secretLink.slice(secretLink.indexOf('?'))}`)).arrayBuffer();
    // the lines about requests (jobs log lines of their own)
    const logged = () =>
      infoLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.req !== undefined);
    await expect.poll(() => logged().length).toBe(2);
    const [validated, missing] = logged();
    expect(validated).toMatchObject({
      msg: 'request completed',
      req: { method: 'POST', url: '/api/auth/validate-token' },
      res: { statusCode: res.status },
      id_user: user.id_user,
    });
    expect(validated.reqId).toBeTruthy();
    expect(typeof validated.responseTime).toBe('number');
    expect(missing).toMatchObject({ res: { statusCode: 404 }, req: { url: '/api/nowhere?token=REDACTED' } });
    expect(missing.id_user).toBeUndefined();
    expect(infoLines.join('')).not.toContain('SeCrEtLiNkToKeN');
  });
});
