import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { apiClient, startTestApp, type TestContext } from '../test/harness';
import { signIn } from '../test/session';
import { isCommonPassword } from './password';

describe('password strength (zxcvbn-ts)', () => {
  it.each([
    ['the head of breach lists', ['12345678', 'password123', 'qwertyuiop', 'iloveyou', 'superman']],
    ['a word with the usual decorations', ['Password1!', 'Welcome2024', 'Summer2025!', 'abc12345']],
    ['Spanish words', ['contraseña123', 'Contraseña1', 'futbol2024', 'bienvenido1']],
    ['keyboard walks and repeats', ['1q2w3e4r5t', 'asdfghjkl', 'aaaaaaaaaa', 'abcabcabcabc']],
    ['the product name (the demo password is public)', ['openseat-demo', 'openseat2026']],
  ])('refuses %s', (_kind, passwords) => {
    for (const password of passwords) expect(isCommonPassword(password), password).toBe(true);
  });

  it("refuses the user's own e-mail or name as the password", () => {
    expect(isCommonPassword('lucia.ortiz', ['lucia.ortiz@school.org', 'Lucía Ortiz'])).toBe(true);
    expect(isCommonPassword('lucia.ortiz')).toBe(false);
  });

  it('accepts long passphrases and random passwords (positive control)', () => {
    for (const password of [TEST_PASSWORD, 'another-long-pass', 'a-new-password-1', 'Tr0ub4dor&3', 'v7#Lq9!zRm2w'])
      expect(isCommonPassword(password), password).toBe(false);
  });
});

describe('changing a password over HTTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx?.close());

  it('refuses a weak new password with the message, and takes a strong one', async () => {
    const user = await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM });
    const { accessToken } = await signIn(ctx.baseUrl, user.email);
    const change = (newPassword: string) =>
      apiClient(ctx.baseUrl)('PUT', '/user/password', {
        token: accessToken,
        body: { currentPassword: TEST_PASSWORD, newPassword, confirmPassword: newPassword },
      });
    const weak = await change('Password1!');
    expect(weak).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'newPassword', message: 'This password is too common. Choose another one.' }] },
    });
    expect((await change('quiet-lanterns-drift-north')).status).toBe(200);
    await signIn(ctx.baseUrl, user.email, 'quiet-lanterns-drift-north');
  });
});
