import { createHmac } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { SessionUser } from '@openseat/shared/schemas/auth';
import { decryptSecret, encryptSecret, randomToken } from '../../lib/crypto';
import { AppError, unauthorized } from '../../lib/errors';
import type { Secrets } from '../../lib/secrets';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
/** A refresh family (one sign-in) lives at most this long, however often it is refreshed. */
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 3600 * 1000;
/**
 * A spent refresh token presented again within this window (two tabs at once, a retry after a lost answer)
 * gets the same successor; after it, the reuse revokes the family.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

const AUDIENCE = 'openseat';
const ALGORITHMS = ['HS256'];

/**
 * The HS256 key of each secret, imported once: given the raw bytes, jose imports them again (a WebCrypto job) for
 * every token it signs or verifies, and every request verifies one.
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    hmacKeys.set(secret, key);
  }
  return key;
}

export type AccessClaims = {
  id_user: number;
  tokenVersion: number;
  id_school_chosen: number | null;
  /** The refresh family (one sign-in) the token belongs to: revoking the family ends the token at once. */
  sessionId: string;
};

export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ typ: 'access', ver: claims.tokenVersion, sch: claims.id_school_chosen, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.id_user))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await hmacKey(secret));
}

/** Profile data the client decodes; it grants nothing (every route re-reads the user). */
export async function signDataToken(secret: Uint8Array, user: SessionUser): Promise<string> {
  return new SignJWT({ typ: 'data', user })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id_user))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await hmacKey(secret));
}

/** Expired -> 409 TOKEN_EXPIRED (the spec's contract: the client refreshes); anything else wrong -> 401. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: ALGORITHMS,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    const id_user = Number(payload.sub);
    const { typ, ver, sch, sid } = payload;
    if (typ !== 'access' || !Number.isInteger(id_user) || typeof ver !== 'number' || typeof sid !== 'string')
      throw unauthorized();
    return { id_user, tokenVersion: ver, id_school_chosen: typeof sch === 'number' ? sch : null, sessionId: sid };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'tokenExpired');
    throw unauthorized();
  }
}

/** A refresh token reads `<family>.<secret>`: the family (not secret) keys the refresh rate limit. */
export const newRefreshToken = (family: string) => `${family}.${randomToken()}`;

const FAMILY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function familyOfRefreshToken(token: string): string | null {
  const family = token.split('.')[0];
  return FAMILY.test(family) ? family : null;
}

/**
 * The key that seals a token's successor: derived from the token itself (only its hash is stored, and the
 * hash is not this key) and the server's encryption key, so the database alone never yields a live token.
 */
const successorKey = (secrets: Secrets, token: string) =>
  createHmac('sha256', secrets.encryptionKey).update(`refresh-successor:${token}`).digest();

export const sealSuccessor = (secrets: Secrets, token: string, successor: string) =>
  encryptSecret(successorKey(secrets, token), successor);

export function unsealSuccessor(secrets: Secrets, token: string, sealed: string): string | null {
  try {
    return decryptSecret(successorKey(secrets, token), sealed);
  } catch {
    return null;
  }
}
