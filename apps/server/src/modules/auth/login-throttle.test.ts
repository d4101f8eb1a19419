import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { user as userTable } from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createUser, TEST_PASSWORD } from '../../test/factories';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
});
afterAll(() => ctx?.close());

/** Free attempts before the account is throttled (docs/sessions.md). */
const FREE_ATTEMPTS = 5;

const newUser = () => createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM });
const login = (email: string, password: string) => call('POST', '/auth/login', { body: { email, password } });
const stored = async (id_user: number) =>
  (await ctx.db.select().from(userTable).where(eq(userTable.id_user, id_user)))[0];
const endLock = (id_user: number) =>
  ctx.db
    .update(userTable)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(userTable.id_user, id_user));

async function failTimes(email: string, times: number) {
  for (let i = 0; i < times; i++) expect((await login(email, 'not-the-password')).status).toBe(401);
}

describe('sign-in does not tell who has an account', () => {
  it('answers unknown, wrong and throttled alike: 401 with the same body', async () => {
    const user = await newUser();
    const unknown = await login('nobody-here@test.openseat.org', 'whatever-it-is');
    const wrong = await login(user.email, 'not-the-password');
    await failTimes(user.email, FREE_ATTEMPTS - 1);
    const throttled = await login(user.email, TEST_PASSWORD);
    for (const res of [unknown, wrong, throttled]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Wrong e-mail or password.', code: 'UNAUTHORIZED' });
    }
    expect((await stored(user.id_user)).lockedUntil).not.toBeNull();
    // positive control: once the throttle has passed, the right password signs in
    await endLock(user.id_user);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('does not count attempts made while throttled, so they cannot stretch it', async () => {
    const user = await newUser();
    await failTimes(user.email, FREE_ATTEMPTS);
    const before = (await stored(user.id_user)).lockedUntil;
    await failTimes(user.email, 3);
    expect((await stored(user.id_user)).lockedUntil).toEqual(before);
  });
});

describe('per-account throttle with backoff', () => {
  it('gives the full count of attempts again once a throttle has expired', async () => {
    const user = await newUser();
    await failTimes(user.email, FREE_ATTEMPTS);
    await endLock(user.id_user);
    // one typo after the throttle ended does not throttle again
    await failTimes(user.email, 1);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('waits longer each time the throttle is hit in a row, and starts over after a sign-in', async () => {
    const user = await newUser();
    const lockSeconds = async () => {
      const row = await stored(user.id_user);
      return (row.lockedUntil!.getTime() - Date.now()) / 1000;
    };
    await failTimes(user.email, FREE_ATTEMPTS);
    const first = await lockSeconds();
    await endLock(user.id_user);
    await failTimes(user.email, FREE_ATTEMPTS);
    const second = await lockSeconds();
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first * 1.5);
    expect(second).toBeLessThanOrEqual(15 * 60);

    await endLock(user.id_user);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
    await failTimes(user.email, FREE_ATTEMPTS);
    expect(await lockSeconds()).toBeLessThan(second);
  });
});

describe('change-password guesses', () => {
  const change = (token: string, currentPassword: string) =>
    call('PUT', '/user/password', {
      token,
      body: { currentPassword, newPassword: 'a-fresh-password-9', confirmPassword: 'a-fresh-password-9' },
    });
  const signedIn = async (email: string) => {
    const res = await login(email, TEST_PASSWORD);
    expect(res.status).toBe(200);
    return res.body.accessToken as string;
  };

  it('throttles wrong current passwords, then refuses even the right one for a while', async () => {
    const user = await newUser();
    const token = await signedIn(user.email);
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      const res = await change(token, 'a-wrong-guess');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The current password is not correct.');
    }
    const throttled = await change(token, TEST_PASSWORD);
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('TOO_MANY_REQUESTS');
    await endLock(user.id_user);
    expect((await change(token, TEST_PASSWORD)).status).toBe(200);
  });

  it('positive control: the right current password changes it straight away', async () => {
    const user = await newUser();
    const token = await signedIn(user.email);
    expect((await change(token, TEST_PASSWORD)).status).toBe(200);
    expect((await login(user.email, 'a-fresh-password-9')).status).toBe(200);
  });
});
