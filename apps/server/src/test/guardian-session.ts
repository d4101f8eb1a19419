import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/client';
import * as s from '../db/schema/index';
import { sha256 } from '../lib/crypto';

/** A family portal session for an e-mail contact, as `POST /family/session` opens one: answers its cookie value. */
export async function guardianSessionKey(db: Executor, email: string): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await db.insert(s.guardianSession).values({
    keyHash: sha256(key),
    contactKey: email,
    kind: 'email',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return key;
}
