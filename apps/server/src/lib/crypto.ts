import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Random URL-safe token (refresh tokens, reset links). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored as SHA-256: they are random, so a fast hash is enough. */
export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/** AES-256-GCM for secrets at rest (mail keys, ads tokens): `iv.tag.ciphertext`, base64url. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** What the client sees of a secret: its last 4 characters. */
export const maskSecret = (plain: string | null) => (plain ? `••••${plain.slice(-4)}` : null);

/** What the client sees of a stored secret: `'••••' + last 4 characters`, or null when none is stored. */
export const maskedSecret = (key: Buffer, sealed: string | null) =>
  maskSecret(sealed ? decryptSecret(key, sealed) : null);

/** A secret field's write: undefined keeps the stored secret, null or '' clears it, a value replaces it (encrypted). */
export const sealSecret = (key: Buffer, value: string | null | undefined) =>
  value === undefined ? undefined : value ? encryptSecret(key, value) : null;
