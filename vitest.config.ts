import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // the server tests wait on HTTP, SMTP and the database more than on the CPU: one worker per core leaves it idle
    maxWorkers: 3,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          env: { TZ: 'UTC', NODE_ENV: 'test' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // no test reaches an address other than loopback
          setupFiles: ['apps/server/src/test/network-guard.ts'],
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], env: { TZ: 'UTC' } } },
    ],
  },
});
