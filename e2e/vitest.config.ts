import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** End-to-end tests: the built app, started fresh on an empty embedded database, driven in Chromium. */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // a page load refreshes the session before the screen shows; on a busy machine that takes seconds
    expect: { poll: { timeout: 10_000 } },
    env: { TZ: 'UTC' },
  },
});
