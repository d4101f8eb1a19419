import { expect } from 'vitest';
import type { LoginResponse } from '@openseat/shared/schemas/auth';
import { apiClient } from './harness';
import { TEST_PASSWORD } from './factories';

/** Signs in through the real login route and returns the session. */
export async function signIn(baseUrl: string, email: string, password = TEST_PASSWORD): Promise<LoginResponse> {
  const res = await apiClient(baseUrl)<LoginResponse>('POST', '/auth/login', { body: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
