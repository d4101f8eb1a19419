import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Files at once: each worker drives its own server (e2e/global-setup.ts). Two keep both cores of CI busy: a file
 * spends much of its time waiting on the browser and the server.
 */
const workers = Number(process.env.E2E_WORKERS) || 2;

/** End-to-end tests: the built app, started fresh on an empty embedded database, driven in Chromium. */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  // the last run's durations, kept where `npm ci` leaves them: the longest files start first, none is left for last
  cacheDir: 'e2e/artifacts/.vite',
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: workers,
    // a page load refreshes the session before the screen shows; on a busy machine that takes seconds
    expect: { poll: { timeout: 10_000 } },
    env: { TZ: 'UTC' },
  },
});
