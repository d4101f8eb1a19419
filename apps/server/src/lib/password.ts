import { hash, verify } from '@node-rs/argon2';

/** argon2id, OWASP parameters: m = 19 MiB, t = 2, p = 1. */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the user is unknown so timing does not tell. */
let decoyHash: Promise<string> | null = null;
export const decoy = () => (decoyHash ??= hashPassword('openseat-decoy-password-never-valid'));

/** The most common passwords (the head of public breach lists); a new password may not be one of them. */
const COMMON = new Set([
  '12345678', '123456789', '1234567890', 'password', 'password1', 'password123', 'qwertyuiop', 'qwerty123',
  '11111111', '00000000', 'iloveyou', 'abc12345', '87654321', 'sunshine', 'princess', 'football',
  'baseball', 'welcome1', 'admin123', 'letmein1', 'passw0rd', '1q2w3e4r', 'qwerty12', 'superman',
  'trustno1', '123123123', 'aa123456', 'dragon12', 'monkey12', 'changeme', 'password!', '12341234',
]);
export const isCommonPassword = (plain: string) => COMMON.has(plain.toLowerCase());
