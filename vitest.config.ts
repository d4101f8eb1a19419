import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], env: { TZ: 'UTC' } } },
    ],
  },
});
