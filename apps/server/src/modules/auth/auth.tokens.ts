import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
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

/**
 * The HS256 key of each secret for signing, imported once: given the raw bytes, jose imports them again (a WebCrypto
 * job) for every token it signs.
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

/** The protected header of every token the server signs (`{"alg":"HS256"}`, base64url): no other is accepted. */
const HS256_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

/** The secret as node:crypto's key, made once per secret. */
const verifyKeys = new WeakMap<Uint8Array, KeyObject>();

function verifyKey(secret: Uint8Array): KeyObject {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    verifyKeys.set(secret, key);
  }
  return key;
}

/**
 * The payload of a token this server signed, checked synchronously with node:crypto. jose works through WebCrypto
 * only, which sends every HMAC to the thread pool: on a busy server that hop was a tenth of a list request's CPU.
 * The check is narrow, as only the server's own tokens need pass: the one header it writes (so the algorithm is
 * fixed), the HMAC of the exact text compared in constant time with its one base64url form, then the claims.
 */
function verifiedPayload(secret: Uint8Array, token: string): Record<string, unknown> {
  const [header, payload, signature, ...rest] = token.split('.');
  if (header !== HS256_HEADER || payload === undefined || signature === undefined || rest.length) throw unauthorized();
  const expected = Buffer.from(
    createHmac('sha256', verifyKey(secret)).update(`${header}.${payload}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized();
  const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw unauthorized();
  return claims as Record<string, unknown>;
}

/** Expired -> 409 TOKEN_EXPIRED (the spec's contract: the client refreshes); anything else wrong -> 401. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims> {
  let payload: Record<string, unknown>;
  try {
    payload = verifiedPayload(secret, token);
  } catch {
    throw unauthorized();
  }
  const { typ, ver, sch, sid, sub, aud, exp, nbf } = payload;
  const now = Math.floor(Date.now() / 1000);
  if (aud !== AUDIENCE || typeof sub !== 'string' || typeof exp !== 'number') throw unauthorized();
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) throw unauthorized();
  // as jose: expired once the clock reaches exp
  if (exp <= now) throw new AppError('TOKEN_EXPIRED', 'tokenExpired');
  const id_user = Number(sub);
  if (typ !== 'access' || !Number.isInteger(id_user) || typeof ver !== 'number' || typeof sid !== 'string')
    throw unauthorized();
  return { id_user, tokenVersion: ver, id_school_chosen: typeof sch === 'number' ? sch : null, sessionId: sid };
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
