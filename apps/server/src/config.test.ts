import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, repositoryRoot } from './config';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a'.repeat(40),
  ENCRYPTION_KEY: 'b'.repeat(64),
  DATABASE_URL: 'postgres://openseat@db.internal/openseat',
  PUBLIC_URL: 'https://admissions.example.org',
  SMTP_URL: 'smtps://apikey:key@smtp.example.org:465',
};

const startedIn = process.cwd();
afterEach(() => process.chdir(startedIn));

describe('settings', () => {
  it('listen on loopback unless HOST is set', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('keep data in the data/ folder of the repository root, whatever the working directory', () => {
    const root = repositoryRoot();
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(manifest.workspaces).toContain('apps/server');
    for (const cwd of [root, path.join(root, 'apps', 'server'), os.tmpdir()]) {
      process.chdir(cwd);
      expect(loadConfig({}).dataDir).toBe(path.join(root, 'data'));
    }
    process.chdir(os.tmpdir());
    expect(loadConfig({ DATA_DIR: 'elsewhere' }).dataDir).toBe(path.resolve(os.tmpdir(), 'elsewhere'));
  });

  it('trust no proxy unless TRUST_PROXY names hops or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '::1,fd00::/8' }).trustProxy).toEqual(['::1', 'fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.example.org' })).toThrow(/proxy\.example\.org/);
  });

  it('refuse to start in production without SMTP_URL (captured mail would keep reset links)', () => {
    expect(loadConfig(PRODUCTION).smtpUrl).toBe(PRODUCTION.SMTP_URL);
    expect(() => loadConfig({ ...PRODUCTION, SMTP_URL: '' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'development', SMTP_URL: '' }).smtpUrl).toBeNull();
  });

  it("refuse a drand test chain in production: whoever holds its key would choose a draw's randomness", () => {
    const key = 'a'.repeat(192);
    expect(() => loadConfig({ ...PRODUCTION, DRAND_TEST_CHAIN_PUBLIC_KEY: key })).toThrow(/DRAND_TEST_CHAIN/);
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'test', DRAND_TEST_CHAIN_PUBLIC_KEY: key }).drandTestChainKey).toBe(
      key,
    );
    expect(loadConfig(PRODUCTION).drandTestChainKey).toBeNull();
  });

  it('run one process per core on a PostgreSQL server unless WEB_CONCURRENCY says otherwise, one on the embedded database', () => {
    const server = { DATABASE_URL: PRODUCTION.DATABASE_URL };
    expect(loadConfig(server).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ ...server, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ ...server, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    // PGlite's files are one process's: a second could not open them
    expect(loadConfig({ WEB_CONCURRENCY: '3' }).webConcurrency).toBe(1);
    expect(() => loadConfig({ ...server, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ ...server, WEB_CONCURRENCY: 'many' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('share about ten database sessions among the processes, at least four each', () => {
    const server = { DATABASE_URL: PRODUCTION.DATABASE_URL };
    expect(loadConfig({ ...server, WEB_CONCURRENCY: '1' }).databasePoolSize).toBe(10);
    expect(loadConfig({ ...server, WEB_CONCURRENCY: '2' }).databasePoolSize).toBe(5);
    expect(loadConfig({ ...server, WEB_CONCURRENCY: '16' }).databasePoolSize).toBe(4);
  });
});
