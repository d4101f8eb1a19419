import { expect } from 'vitest';
import type { LoginResponse } from '@openseat/shared/schemas/auth';
import { TEST_PASSWORD } from '../../test/factories';
import { apiClient, type ApiResult } from '../../test/harness';

/** The refresh cookie's name over plain http (tests run on 127.0.0.1). */
export const REFRESH_COOKIE = 'openseat_refresh';

/** What a browser sends with the refresh and logout calls (the CSRF guard asks for it). */
export const SAME_SITE_HEADERS = { 'x-requested-with': 'openseat' };

export type SetCookie = { name: string; value: string; attributes: string[] };

export function refreshCookieOf(headers: Headers): SetCookie | null {
  for (const line of headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    if (name.endsWith(REFRESH_COOKIE)) return { name, value: pair.slice(eq + 1), attributes };
  }
  return null;
}

type SessionBody = Omit<LoginResponse, 'refreshToken'> & { refreshToken?: string };

const refreshTokenOf = (res: ApiResult<SessionBody>) =>
  refreshCookieOf(res.headers)?.value || res.body?.refreshToken || '';

export async function browserSignIn(baseUrl: string, email: string, password = TEST_PASSWORD) {
  const res = await apiClient(baseUrl)<SessionBody>('POST', '/auth/login', { body: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { accessToken: res.body.accessToken, refreshToken: refreshTokenOf(res), body: res.body };
}

export type RefreshResult = ApiResult<SessionBody> & { refreshToken: string };

/** POST /auth/request-new-access-token as the web client sends it (cookie, CSRF header, spec body). */
export async function refreshWith(
  baseUrl: string,
  refreshToken: string,
  id_user: number,
  headers: Record<string, string> = SAME_SITE_HEADERS,
): Promise<RefreshResult> {
  const res = await apiClient(baseUrl)<SessionBody>('POST', '/auth/request-new-access-token', {
    headers: { ...headers, cookie: `${REFRESH_COOKIE}=${refreshToken}` },
    body: { grant_type: 'refresh_token', refreshToken, id_user },
  });
  return { ...res, refreshToken: res.status === 200 ? refreshTokenOf(res) : '' };
}

export async function logoutWith(baseUrl: string, refreshToken: string, body: Record<string, unknown> = {}) {
  return apiClient(baseUrl)('POST', '/auth/logout', {
    headers: { ...SAME_SITE_HEADERS, cookie: `${REFRESH_COOKIE}=${refreshToken}` },
    body: { refreshToken, ...body },
  });
}
