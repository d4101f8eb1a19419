import { expect } from 'vitest';
import type { LoginResponse } from '@openseat/shared/schemas/auth';
import { apiClient } from './harness';
import type { Executor } from '../db/client';
import { TEST_PASSWORD, createUser, type UserSpec } from './factories';

/** Signs in through the real login route and returns the session. */
export async function signIn(baseUrl: string, email: string, password = TEST_PASSWORD): Promise<LoginResponse> {
  const res = await apiClient(baseUrl)<LoginResponse>('POST', '/auth/login', { body: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Creates a user as described and signs it in: its access token. */
export async function tokenFor(ctx: { baseUrl: string; db: Executor }, spec: UserSpec): Promise<string> {
  return (await signIn(ctx.baseUrl, (await createUser(ctx.db, spec)).email)).accessToken;
}
