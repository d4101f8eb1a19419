import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Public address of the app, used in links sent by e-mail (never taken from the Host header). */
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('OpenSeat <no-reply@openseat.local>'),
  JWT_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z.string().regex(/^[0-9a-f]{64}$/i, 'ENCRYPTION_KEY must be 64 hex characters').optional(),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  LOG_LEVEL: z.string().default('info'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string | null;
  encryptionKey: string | null;
  seedDemo: boolean;
  logLevel: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // an empty variable means "not set"
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.parse(set);
  const config: Config = {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: path.resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL ?? null,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    smtpUrl: parsed.SMTP_URL ?? null,
    mailFrom: parsed.MAIL_FROM,
    jwtSecret: parsed.JWT_SECRET ?? null,
    encryptionKey: parsed.ENCRYPTION_KEY ?? null,
    seedDemo: parsed.SEED_DEMO === 'auto' && parsed.NODE_ENV !== 'production',
    logLevel: parsed.LOG_LEVEL,
  };
  if (config.env === 'production') {
    const missing = [
      !config.jwtSecret && 'JWT_SECRET',
      !config.encryptionKey && 'ENCRYPTION_KEY',
      !config.databaseUrl && 'DATABASE_URL',
      !parsed.PUBLIC_URL && 'PUBLIC_URL',
    ].filter(Boolean);
    if (missing.length) throw new Error(`Production needs these environment variables: ${missing.join(', ')}`);
  }
  return config;
}
