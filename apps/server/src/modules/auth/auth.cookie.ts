import type { FastifyRequest } from 'fastify';
import { readSessionCookie, sessionCookie, type SessionCookie } from '../../lib/session-cookie';

/** Only the refresh and logout calls (and sign-in, which sets it) ever see the refresh cookie. */
export const REFRESH_COOKIE_PATH = '/api/auth';
const BASE_NAME = 'openseat_refresh';

export type RefreshCookie = SessionCookie;

/** The staff's refresh cookie (`openseat_refresh`, path /api/auth). */
export const refreshCookie = (publicUrl: string): RefreshCookie =>
  sessionCookie(publicUrl, BASE_NAME, REFRESH_COOKIE_PATH);

/**
 * Rate-limit key of the refresh call: the token family (a token reads `<family>.<secret>`), so one school
 * office behind one address does not share a budget, and a browser's own tabs do. Without a well-formed
 * cookie the call fails anyway; it is counted per address.
 */
export function refreshRateKey(request: FastifyRequest, cookie: RefreshCookie): string {
  const family = readSessionCookie(request, cookie)?.split('.')[0];
  return family && /^[0-9a-f-]{36}$/.test(family) ? `refresh:${family}` : `refresh-ip:${request.ip}`;
}
