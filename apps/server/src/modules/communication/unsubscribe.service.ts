import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Secrets } from '../../lib/secrets';

/*
 * The unsubscribe link of bulk mail: `/api/unsubscribe/<token>`, where the token names the school and the address
 * and carries an HMAC of both under the server's key, so nobody can unsubscribe someone else by editing the link.
 */

const mac = (secrets: Secrets, payload: string) =>
  createHmac('sha256', secrets.encryptionKey).update(`unsubscribe:${payload}`).digest('base64url');

export function unsubscribeToken(secrets: Secrets, id_school: number, address: string): string {
  const payload = Buffer.from(JSON.stringify([id_school, address])).toString('base64url');
  return `${payload}.${mac(secrets, payload)}`;
}

/** The school and address a token was made for, or null when it is not one of ours. */
export function readUnsubscribeToken(secrets: Secrets, token: string): { id_school: number; address: string } | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(mac(secrets, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [id_school, address] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [number, string];
    return Number.isInteger(id_school) && typeof address === 'string' ? { id_school, address } : null;
  } catch {
    return null;
  }
}
