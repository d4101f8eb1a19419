import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export type Secrets = { jwtSecret: Uint8Array; encryptionKey: Buffer };

/**
 * Secrets come from the environment (required in production). Outside production, missing ones are
 * generated once and kept in DATA_DIR/secrets.json (mode 0600), so restarts keep sessions valid.
 */
export function loadSecrets(config: Config): Secrets {
  let jwt = config.jwtSecret;
  let key = config.encryptionKey;
  if (!jwt || !key) {
    const file = path.join(config.dataDir, 'secrets.json');
    const stored = readStored(file);
    jwt ??= stored.jwtSecret ?? randomBytes(48).toString('base64url');
    key ??= stored.encryptionKey ?? randomBytes(32).toString('hex');
    if (stored.jwtSecret !== jwt || stored.encryptionKey !== key) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ jwtSecret: jwt, encryptionKey: key }), { mode: 0o600 });
    }
  }
  return { jwtSecret: new TextEncoder().encode(jwt), encryptionKey: Buffer.from(key, 'hex') };
}

function readStored(file: string): { jwtSecret?: string; encryptionKey?: string } {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}
