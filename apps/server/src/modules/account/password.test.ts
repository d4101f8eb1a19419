import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { randomToken, sha256 } from '../../lib/crypto';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { insertResetToken } from '../auth/auth.repository';
import { browserSignIn, logoutWith, refreshWith } from '../auth/auth.testing';

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

/** A reset link as the recovery request stores it (hashed, one hour). */
async function resetLink(id_user: number) {
  const token = randomToken();
  await insertResetToken(ctx.db, {
    id_user,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}

const reset = (token: string, password: string) =>
  call('POST', '/auth/reset-password', { body: { token, password, confirmPassword: password } });

const changePassword = (accessToken: string, currentPassword: string, newPassword: string) =>
  call('PUT', '/user/password', {
    token: accessToken,
    body: { currentPassword, newPassword, confirmPassword: newPassword },
  });

describe('password change', () => {
  it('ends every other session but keeps the one that changed it', async () => {
    const user = await newUser();
    const here = await browserSignIn(ctx.baseUrl, user.email);
    const elsewhere = await browserSignIn(ctx.baseUrl, user.email);
    expect(await validate(elsewhere.accessToken)).toBe(200);

    expect((await changePassword(here.accessToken, TEST_PASSWORD, 'a-new-secret-77')).status).toBe(200);

    expect(await validate(here.accessToken)).toBe(200);
    const renewed = await refreshWith(ctx.baseUrl, here.refreshToken, user.id_user);
    expect(renewed.status).toBe(200);
    expect(await validate(renewed.body.accessToken)).toBe(200);

    expect(await validate(elsewhere.accessToken)).toBe(401);
    expect((await refreshWith(ctx.baseUrl, elsewhere.refreshToken, user.id_user)).status).toBe(401);
  });

  it('cancels the unspent reset links', async () => {
    const user = await newUser();
    const link = await resetLink(user.id_user);
    const session = await browserSignIn(ctx.baseUrl, user.email);
    expect((await changePassword(session.accessToken, TEST_PASSWORD, 'a-new-secret-78')).status).toBe(200);
    const res = await reset(link, 'attacker-chosen-1');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The reset link is invalid or has expired. Request a new one.');
  });
});

describe('reset links', () => {
  it('spending one link cancels the older unspent ones of the same user', async () => {
    const user = await newUser();
    const older = await resetLink(user.id_user);
    const newer = await resetLink(user.id_user);
    const bystander = await newUser();
    const othersLink = await resetLink(bystander.id_user);

    expect((await reset(newer, 'the-new-password-1')).status).toBe(200);
    expect((await reset(older, 'attacker-chosen-2')).status).toBe(400);
    // another user's link is untouched (positive control)
    expect((await reset(othersLink, 'bystander-choice-3')).status).toBe(200);
    expect(
      (await call('POST', '/auth/login', { body: { email: user.email, password: 'the-new-password-1' } })).status,
    ).toBe(200);
  });

  it('signing out everywhere cancels them and ends every session', async () => {
    const user = await newUser();
    const link = await resetLink(user.id_user);
    const here = await browserSignIn(ctx.baseUrl, user.email);
    const elsewhere = await browserSignIn(ctx.baseUrl, user.email);
    expect((await logoutWith(ctx.baseUrl, here.refreshToken, { everywhere: true })).status).toBe(204);
    expect(await validate(elsewhere.accessToken)).toBe(401);
    expect((await refreshWith(ctx.baseUrl, elsewhere.refreshToken, user.id_user)).status).toBe(401);
    expect((await reset(link, 'attacker-chosen-4')).status).toBe(400);
  });

  it('a plain sign-out leaves the other sessions and the links alone', async () => {
    const user = await newUser();
    const link = await resetLink(user.id_user);
    const here = await browserSignIn(ctx.baseUrl, user.email);
    const elsewhere = await browserSignIn(ctx.baseUrl, user.email);
    expect((await logoutWith(ctx.baseUrl, here.refreshToken)).status).toBe(204);
    expect(await validate(elsewhere.accessToken)).toBe(200);
    expect((await reset(link, 'the-owner-choice-5')).status).toBe(200);
  });
});
