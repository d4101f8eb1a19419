import { defineConfig } from 'vitest/config';

/*
 * Tests in tiers (README, "Which tests to run when"): each project belongs to one tier, named before its colon, so
 * `vitest run --project 'unit:*'` runs a tier.
 *   unit         pure functions: no database, no HTTP server, no process (shared, web lib, pure server lib)
 *   api          the server over HTTP and a real database, one app per test file: what a server test is by default
 *   integration  processes, jobs run to the end, SMTP and provider fakes, crash recovery, backup, PostgreSQL specifics
 * The e2e suite (Chromium) is apart: `npm run test:e2e`.
 */

/** Server tests that touch no database and start no app. */
const SERVER_UNIT = [
  'apps/server/src/config.test.ts',
  'apps/server/src/lib/csv.test.ts',
  'apps/server/src/lib/response-serializer.test.ts',
  'apps/server/src/modules/auth/auth.cookie.test.ts',
  'apps/server/src/modules/auth/auth.tokens.test.ts',
  'apps/server/src/modules/ads-conversions/no-third-party-script.test.ts',
  'apps/server/src/**/lottery.draw.test.ts',
  'apps/server/src/**/matching.engine.test.ts',
  'apps/server/src/**/matching.record.test.ts',
  'apps/server/src/**/lottery.beacon.test.ts',
  'apps/server/src/**/siblings.test.ts',
  'apps/server/src/**/move-notice.test.ts',
  'apps/server/src/db/seed/default-templates.test.ts',
  'apps/server/src/test/network-guard.test.ts',
];

/** Server tests of processes, jobs, SMTP and providers, recovery, backup and the database engine itself. */
const SERVER_INTEGRATION = [
  // processes: server processes started and killed (one, or a cluster), a second app on the same database, a script run
  // on its own
  'apps/server/src/db/database-restart.test.ts',
  'apps/server/src/db/migrate-race.test.ts',
  'apps/server/src/jobs/crash-recovery.test.ts',
  'apps/server/src/test/scale-out.test.ts',
  'apps/server/src/test/session-changes.test.ts',
  'apps/server/src/cluster.test.ts',
  'apps/server/src/**/lottery.csv.test.ts',
  'apps/server/src/**/lottery.verifier.test.ts',
  'apps/server/src/**/matching.verifier.test.ts',
  // the job queue, SMTP and the provider fakes
  'apps/server/src/jobs/*.test.ts',
  'apps/server/src/test/jobs.test.ts',
  'apps/server/src/**/outbox.test.ts',
  'apps/server/src/**/ads-conversions.test.ts',
  'apps/server/src/**/messaging.test.ts',
  'apps/server/src/**/resend-failed.test.ts',
  'apps/server/src/**/lottery-holds.test.ts',
  'apps/server/src/**/school-years.test.ts',
  // backup and restore
  'apps/server/src/**/backup.test.ts',
  // the database engine: catalog, constraints, SQL helpers, races only a PostgreSQL server can have
  'apps/server/src/db/catalog-checks.test.ts',
  'apps/server/src/db/tenant-keys.test.ts',
  'apps/server/src/db/tenant-tables.test.ts',
  'apps/server/src/lib/sql.test.ts',
  'apps/server/src/**/seats-concurrency.test.ts',
  'apps/server/src/**/lottery-concurrency.test.ts',
];

const server = {
  env: { TZ: 'UTC', NODE_ENV: 'test' },
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  // no test reaches an address other than loopback
  setupFiles: ['apps/server/src/test/network-guard.ts'],
};

export default defineConfig({
  test: {
    // the server tests wait on HTTP, SMTP and the database more than on the CPU: one worker per core leaves it idle
    maxWorkers: 3,
    projects: [
      { test: { name: 'unit:shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'unit:web', include: ['apps/web/src/**/*.test.ts'], env: { TZ: 'UTC' } } },
      // the screens' components (jsdom, msw): their own config, in the web workspace
      'apps/web/vitest.config.ts',
      { test: { name: 'unit:server', include: SERVER_UNIT, ...server } },
      {
        test: {
          name: 'api:server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...SERVER_UNIT, ...SERVER_INTEGRATION],
          ...server,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration:server',
          include: SERVER_INTEGRATION,
          ...server,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
    ],
  },
});
