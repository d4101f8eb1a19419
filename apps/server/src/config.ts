import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The League of Entropy's public relays (https://drand.love/developer/): several, so one down does not stop a draw. */
const DEFAULT_DRAND_RELAYS = [
  'https://api.drand.sh',
  'https://api2.drand.sh',
  'https://api3.drand.sh',
  'https://drand.cloudflare.com',
];

function relaysOf(value: string | undefined, env: string): string[] {
  if (value === undefined) return env === 'test' ? [] : DEFAULT_DRAND_RELAYS;
  return value
    .split(',')
    .map((relay) => relay.trim().replace(/\/$/, ''))
    .filter((relay) => /^https?:\/\//.test(relay));
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback unless set: the embedded demo's passwords are public, so it is reachable from this machine only. */
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().optional(),
  /** Hops (`1`) or comma-separated proxy addresses/CIDRs whose X-Forwarded-For is believed. */
  TRUST_PROXY: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /**
   * `on` (the default): requests on a PostgreSQL server run under row-level security, each scoped to its school
   * (docs/privacy.md); `off` leaves tenancy to the application's checks alone. PGlite has no request roles.
   */
  DATABASE_ROW_SECURITY: z.enum(['on', 'off']).default('on'),
  /** Public address of the app, used in links sent by e-mail (never taken from the Host header). */
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('OpenSeat <no-reply@openseat.local>'),
  JWT_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'ENCRYPTION_KEY must be 64 hex characters')
    .optional(),
  /** Twilio for SMS (a school's own account takes precedence); without an account SMS are captured. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** The sender when the campus has no phone number of its own. */
  TWILIO_FROM: z.string().optional(),
  /** Twilio's API address (tests point it at a fake on loopback). */
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  /** Seconds before the first retry of a refused message; doubled for each later one. */
  OUTBOX_RETRY_SECONDS: z.coerce.number().min(0).max(86_400).default(30),
  /**
   * Seconds a process holds work without a sign of life (a running job, claimed messages): after a crash, another
   * process takes the work over about this long after. Renewed every third of it while the work goes on.
   */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(120),
  /** drand relays a lottery fetches its committed round from, comma-separated; empty: staff paste the round. */
  DRAND_RELAYS: z.string().optional(),
  /** The public key (hex) of a drand chain the end-to-end tests sign themselves; refused in production. */
  DRAND_TEST_CHAIN_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-f]{192}$/, 'DRAND_TEST_CHAIN_PUBLIC_KEY must be 192 hex characters (a G2 point)')
    .optional(),
  /** Meta's Graph API with its version (tests point it at a fake on loopback). */
  META_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v24.0'),
  /** Google Ads API with its version; the server's developer token and OAuth client (the school's customer id). */
  GOOGLE_ADS_API_URL: z.string().url().default('https://googleads.googleapis.com/v22'),
  GOOGLE_ADS_DEVELOPER_TOKEN: z.string().optional(),
  /** The manager account the uploads go through (login-customer-id), digits only. */
  GOOGLE_ADS_LOGIN_CUSTOMER_ID: z.string().optional(),
  GOOGLE_ADS_CLIENT_ID: z.string().optional(),
  GOOGLE_ADS_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ADS_REFRESH_TOKEN: z.string().optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  /** How long a grade's waiting-list figures (rank in group, movement) are kept for families: moves show within it. */
  FAMILY_LIST_FRESH_SECONDS: z.coerce.number().int().min(0).max(60).default(30),
  /**
   * Server processes on a PostgreSQL server (Node's cluster: one port, each process serves requests and runs jobs);
   * one per core unless set. The embedded database runs one process whatever it says.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  LOG_LEVEL: z.string().default('info'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Fastify's `trustProxy`: false (the socket's address is the client), a hop count, or proxy addresses. */
  trustProxy: false | number | string[];
  databaseUrl: string | null;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string | null;
  encryptionKey: string | null;
  seedDemo: boolean;
  logLevel: string;
  twilio: { accountSid: string | null; authToken: string | null; from: string | null; apiUrl: string };
  outboxRetrySeconds: number;
  /** FAMILY_LIST_FRESH_SECONDS: how late a family may see its list's figures and its places' names (0: read each request). */
  familyListFreshSeconds: number;
  /**
   * Processes serving the app: WEB_CONCURRENCY (default one per core) on a PostgreSQL server; always 1 on the
   * embedded database, whose files one process alone may open (PGlite is PostgreSQL inside this process's memory).
   */
  webConcurrency: number;
  /**
   * Connections each process's pool opens at most: about what one process had (10), shared by the processes, at
   * least 4 each, so a many-core machine's default does not exceed a server's default of 100 connections.
   */
  databasePoolSize: number;
  /** DATABASE_ROW_SECURITY (on unless `off`): requests run as the roles row-level security binds (a server only). */
  databaseRowSecurity: boolean;
  /** JOB_LEASE_SECONDS: how long a crashed process's jobs and claimed messages wait before another takes them. */
  jobLeaseSeconds: number;
  /** DRAND_RELAYS: base addresses of drand relays (none in tests unless set: they have no internet). */
  drandRelays: string[];
  /** DRAND_TEST_CHAIN_PUBLIC_KEY: the end-to-end tests' own chain (lottery.beacon.ts); never in production. */
  drandTestChainKey: string | null;
  /** Where conversion events go (docs/ads-conversions.md); Google Ads needs every credential to be set. */
  ads: {
    metaGraphUrl: string;
    googleAdsApiUrl: string;
    googleOauthTokenUrl: string;
    googleAds: {
      developerToken: string;
      loginCustomerId: string | null;
      clientId: string;
      clientSecret: string;
      refreshToken: string;
    } | null;
  };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // an empty variable means "not set"
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.parse(set);
  const webConcurrency = parsed.DATABASE_URL ? (parsed.WEB_CONCURRENCY ?? os.availableParallelism()) : 1;
  const config: Config = {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: parsed.DATA_DIR ? path.resolve(parsed.DATA_DIR) : path.join(repositoryRoot(), 'data'),
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    databaseUrl: parsed.DATABASE_URL ?? null,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    smtpUrl: parsed.SMTP_URL ?? null,
    mailFrom: parsed.MAIL_FROM,
    jwtSecret: parsed.JWT_SECRET ?? null,
    encryptionKey: parsed.ENCRYPTION_KEY ?? null,
    seedDemo: parsed.SEED_DEMO === 'auto' && parsed.NODE_ENV !== 'production',
    logLevel: parsed.LOG_LEVEL,
    twilio: {
      accountSid: parsed.TWILIO_ACCOUNT_SID ?? null,
      authToken: parsed.TWILIO_AUTH_TOKEN ?? null,
      from: parsed.TWILIO_FROM ?? null,
      apiUrl: parsed.TWILIO_API_URL.replace(/\/$/, ''),
    },
    outboxRetrySeconds: parsed.OUTBOX_RETRY_SECONDS,
    familyListFreshSeconds: parsed.FAMILY_LIST_FRESH_SECONDS,
    jobLeaseSeconds: parsed.JOB_LEASE_SECONDS,
    drandRelays: relaysOf(parsed.DRAND_RELAYS, parsed.NODE_ENV),
    drandTestChainKey: parsed.DRAND_TEST_CHAIN_PUBLIC_KEY ?? null,
    webConcurrency,
    databasePoolSize: Math.max(4, Math.ceil(10 / webConcurrency)),
    databaseRowSecurity: parsed.DATABASE_ROW_SECURITY === 'on',
    ads: {
      metaGraphUrl: parsed.META_GRAPH_URL.replace(/\/$/, ''),
      googleAdsApiUrl: parsed.GOOGLE_ADS_API_URL.replace(/\/$/, ''),
      googleOauthTokenUrl: parsed.GOOGLE_OAUTH_TOKEN_URL,
      googleAds:
        parsed.GOOGLE_ADS_DEVELOPER_TOKEN &&
        parsed.GOOGLE_ADS_CLIENT_ID &&
        parsed.GOOGLE_ADS_CLIENT_SECRET &&
        parsed.GOOGLE_ADS_REFRESH_TOKEN
          ? {
              developerToken: parsed.GOOGLE_ADS_DEVELOPER_TOKEN,
              loginCustomerId: parsed.GOOGLE_ADS_LOGIN_CUSTOMER_ID?.replace(/\D/g, '') || null,
              clientId: parsed.GOOGLE_ADS_CLIENT_ID,
              clientSecret: parsed.GOOGLE_ADS_CLIENT_SECRET,
              refreshToken: parsed.GOOGLE_ADS_REFRESH_TOKEN,
            }
          : null,
    },
  };
  if (config.env === 'production') {
    const missing = [
      !config.jwtSecret && 'JWT_SECRET',
      !config.encryptionKey && 'ENCRYPTION_KEY',
      !config.databaseUrl && 'DATABASE_URL',
      !parsed.PUBLIC_URL && 'PUBLIC_URL',
      // captured mail would keep reset links in the database for anyone who can read it
      !config.smtpUrl && 'SMTP_URL',
    ].filter(Boolean);
    if (missing.length) throw new Error(`Production needs these environment variables: ${missing.join(', ')}`);
    // a chain whose key someone holds would let that someone choose a draw's randomness
    if (config.drandTestChainKey) throw new Error('DRAND_TEST_CHAIN_PUBLIC_KEY is for tests: production refuses it');
  }
  return config;
}

/** The folder of the root package.json (the one with workspaces), found from this file, whatever the cwd. */
export function repositoryRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && 'workspaces' in JSON.parse(fs.readFileSync(manifest, 'utf8'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(value: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(value)) return true;
  const [address, bits, ...rest] = value.split('/');
  if (rest.length || !net.isIP(address)) return false;
  return bits === undefined || /^\d{1,3}$/.test(bits);
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(',').map((a) => a.trim());
  const wrong = addresses.filter((a) => !isProxyAddress(a));
  if (wrong.length)
    throw new Error(`TRUST_PROXY takes a hop count or proxy addresses/CIDRs; not understood: ${wrong.join(', ')}`);
  return addresses;
}
