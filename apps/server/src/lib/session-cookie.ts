import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from './errors';

/*
 * Session cookies of the API (the staff's refresh token, the family portal's session): HttpOnly, SameSite=Strict,
 * sent to one path only, and the CSRF guard of the calls that carry them.
 */

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A session cookie: its name, whether it is `Secure`, and the only path the browser sends it to. */
export type SessionCookie = { name: string; secure: boolean; path: string };

/**
 * Over https the cookie is `__Secure-<name>` (the browser then insists on `Secure`; `__Host-` would forbid the narrow
 * path). Over plain http on a loopback address (development, tests) it is `<name>`, still `Secure`, which browsers
 * accept on localhost. Over plain http anywhere else the browser would drop a `Secure` cookie, so it goes without:
 * such a server must be put behind https.
 */
export function sessionCookie(publicUrl: string, name: string, path: string): SessionCookie {
  const { protocol, hostname } = new URL(publicUrl);
  if (protocol === 'https:') return { name: `__Secure-${name}`, secure: true, path };
  return { name, secure: LOOPBACK.has(hostname) || hostname.endsWith('.localhost'), path };
}

function serialize(cookie: SessionCookie, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${cookie.name}=${value}`,
    `Path=${cookie.path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (cookie.secure) parts.push('Secure');
  return parts.join('; ');
}

export function setSessionCookie(reply: FastifyReply, cookie: SessionCookie, token: string, expiresAt: Date) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  reply.header('set-cookie', serialize(cookie, token, maxAge));
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie) {
  reply.header('set-cookie', serialize(cookie, '', 0));
}

/** The refresh token the browser sent, if any (the first of that name: the most specific path). */
export function readSessionCookie(request: FastifyRequest, cookie: SessionCookie): string | null {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === cookie.name) {
      const value = pair.slice(eq + 1).trim();
      return value.length > 0 && value.length <= 200 ? value : null;
    }
  }
  return null;
}

/**
 * CSRF guard of the cookie-carrying calls (on top of SameSite=Strict): a browser page of another site can
 * neither send a custom header without a CORS preflight we never grant, nor forge its Origin. An Origin, when
 * sent, must be ours; without one, `X-Requested-With` must be present.
 */
export function assertSameSite(request: FastifyRequest, publicUrl: string) {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const own = [new URL(publicUrl).origin, `${request.protocol}://${request.host}`];
    if (!own.includes(origin)) throw forbidden();
    return;
  }
  const marker = request.headers['x-requested-with'];
  if (typeof marker !== 'string' || marker.length === 0) throw forbidden();
}
