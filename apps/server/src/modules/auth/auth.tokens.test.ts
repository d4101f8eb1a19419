import { randomBytes } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './auth.tokens';

const secret = randomBytes(32);
const claims = { id_user: 7, tokenVersion: 2, id_school_chosen: 3, sessionId: 'family' };
const statusOf = (token: string) =>
  verifyAccessToken(secret, token).then(
    () => 200,
    (error: { code?: string }) => (error.code === 'TOKEN_EXPIRED' ? 409 : 401),
  );
const payload = { typ: 'access', ver: 2, sch: 3, sid: 'family' };
const signed = (header: { alg: string; typ?: string }, key: Uint8Array = secret) =>
  new SignJWT(payload)
    .setProtectedHeader(header)
    .setSubject('7')
    .setAudience('openseat')
    .setExpirationTime('5m')
    .sign(key);

describe('access token verification (node:crypto, the one header the server writes)', () => {
  it('reads back what the server signed', async () => {
    expect(await verifyAccessToken(secret, await signAccessToken(secret, claims))).toEqual(claims);
  });

  it('answers 409 to an expired token only when its signature holds', async () => {
    expect(await statusOf(await signAccessToken(secret, claims, -1))).toBe(409);
    expect(await statusOf(await signAccessToken(randomBytes(32), claims, -1))).toBe(401);
  });

  it('refuses other keys, algorithms, headers, audiences and altered text', async () => {
    const genuine = await signAccessToken(secret, claims);
    const [header, body, signature] = genuine.split('.');
    expect(await statusOf(await signed({ alg: 'HS256' }, randomBytes(32)))).toBe(401);
    expect(await statusOf(new UnsecuredJWT(payload).setSubject('7').setAudience('openseat').encode())).toBe(401);
    expect(await statusOf(await signed({ alg: 'HS256', typ: 'JWT' }))).toBe(401);
    expect(await statusOf(await signed({ alg: 'HS512' }))).toBe(401);
    const elsewhere = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setAudience('another-app')
      .setExpirationTime('5m')
      .sign(secret);
    expect(await statusOf(elsewhere)).toBe(401);
    const other = Buffer.from(JSON.stringify({ ...payload, sub: '8', aud: 'openseat', exp: 9e9 })).toString(
      'base64url',
    );
    expect(await statusOf(`${header}.${other}.${signature}`)).toBe(401);
    expect(await statusOf(`${header}.${body}.${signature}=`)).toBe(401);
    expect(await statusOf(`${header}.${body}`)).toBe(401);
    expect(await statusOf('garbage')).toBe(401);
    // positive control: the untouched token and one signed the same way by jose pass
    expect(await statusOf(genuine)).toBe(200);
    expect(await statusOf(await signed({ alg: 'HS256' }))).toBe(200);
  });
});
