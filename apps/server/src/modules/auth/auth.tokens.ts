import { SignJWT, errors, jwtVerify } from 'jose';
import type { SessionUser } from '@openseat/shared/schemas/auth';
import { AppError, unauthorized } from '../../lib/errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
/** A refresh family (one sign-in) lives at most this long, however often it is refreshed. */
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 3600 * 1000;

const AUDIENCE = 'openseat';
const ALGORITHMS = ['HS256'];

export type AccessClaims = { id_user: number; tokenVersion: number; id_school_chosen: number | null };

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  return new SignJWT({ typ: 'access', ver: claims.tokenVersion, sch: claims.id_school_chosen })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.id_user))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

/** Profile data the client decodes; it grants nothing (every route re-reads the user). */
export async function signDataToken(secret: Uint8Array, user: SessionUser): Promise<string> {
  return new SignJWT({ typ: 'data', user })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id_user))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(secret);
}

/** Expired -> 409 TOKEN_EXPIRED (the spec's contract: the client refreshes); anything else wrong -> 401. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ALGORITHMS, audience: AUDIENCE });
    const id_user = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(id_user) || typeof payload.ver !== 'number') throw unauthorized();
    const sch = payload.sch;
    return { id_user, tokenVersion: payload.ver, id_school_chosen: typeof sch === 'number' ? sch : null };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'tokenExpired');
    throw unauthorized();
  }
}
