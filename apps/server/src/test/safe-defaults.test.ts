import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, openTestDatabase, startAppOn, type TestAppOptions, type TestContext } from './harness';
import type { Database } from '../db/client';

let database: Database;
let drop: () => Promise<void>;
const apps: TestContext[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  await drop?.();
});

async function appWith(options: TestAppOptions) {
  const app = await startAppOn(database, options);
  apps.push(app);
  return app;
}

/** What a production server is started with (the database is the test's own). */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a'.repeat(40),
  ENCRYPTION_KEY: 'b'.repeat(64),
  DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  PUBLIC_URL: 'http://localhost:3000',
  SMTP_URL: 'smtp://127.0.0.1:2525',
};
const silent = { write: () => {} };

const directives = (csp: string | null) =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([k, ...v]) => [k, v]),
  );

describe('security headers', () => {
  it('come with every answer: a CSP of self only, no framing, nosniff; no HSTS over plain http', async () => {
    const { baseUrl } = await appWith({});
    for (const path of ['/api/health', '/api/user', '/api/no-such-route', '/some/client/page']) {
      const res = await fetch(`${baseUrl}${path}`);
      await res.arrayBuffer();
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(csp.get('script-src'), path).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('send HSTS when the public address is https', async () => {
    const { baseUrl } = await appWith({ env: { PUBLIC_URL: 'https://admissions.example.org' } });
    const res = await fetch(`${baseUrl}/api/health`);
    await res.arrayBuffer();
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(directives(res.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
  });

  it('leave the API documentation usable: its page, scripts and styles load from the same origin', async () => {
    const { baseUrl } = await appWith({});
    const page = await fetch(`${baseUrl}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset, 'same origin').not.toMatch(/^(https?:)?\/\//);
      const res = await fetch(new URL(asset, `${baseUrl}/api/docs/`));
      expect(res.status, asset).toBe(200);
      await res.arrayBuffer(); // read it all: a half-read stream keeps the connection, and the app, from closing
    }
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/); // no inline script for the CSP to block
    expect(directives(page.headers.get('content-security-policy')).get('default-src')).toEqual(["'self'"]);
  });
});

describe('client address behind proxies', () => {
  const login = (baseUrl: string, forwardedFor: string) =>
    apiClient(baseUrl)('POST', '/auth/login', {
      headers: { 'x-forwarded-for': forwardedFor },
      body: { email: 'nobody@test.openseat.org', password: 'whatever-it-is' },
    });

  it('a production server without TRUST_PROXY ignores X-Forwarded-For: a made-up address does not reset the limit', async () => {
    const { baseUrl } = await appWith({ env: PRODUCTION, loginRateLimitPerMinute: 3, logStream: silent });
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await login(baseUrl, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('with TRUST_PROXY set, the address the proxy forwards is the client (each gets its own limit)', async () => {
    const { baseUrl } = await appWith({
      env: { ...PRODUCTION, TRUST_PROXY: '127.0.0.1' },
      loginRateLimitPerMinute: 3,
      logStream: silent,
    });
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await login(baseUrl, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    for (let i = 0; i < 3; i++) await login(baseUrl, '198.51.100.77');
    expect((await login(baseUrl, '198.51.100.77')).status).toBe(429);
  });
});

describe('a hop count in TRUST_PROXY', () => {
  it('believes the nearest hop (Fastify alone would trust nothing for a bare number)', async () => {
    const { baseUrl } = await appWith({ env: { TRUST_PROXY: '1' }, loginRateLimitPerMinute: 2 });
    const login = (forwardedFor: string) =>
      apiClient(baseUrl)('POST', '/auth/login', {
        headers: { 'x-forwarded-for': forwardedFor },
        body: { email: 'nobody@test.openseat.org', password: 'whatever-it-is' },
      });
    const statuses = [];
    for (let i = 1; i <= 3; i++) statuses.push((await login(`192.0.2.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401]);
    await login('192.0.2.50');
    await login('192.0.2.50');
    expect((await login('192.0.2.50')).status).toBe(429);
  });
});
