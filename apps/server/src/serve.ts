import v8 from 'node:v8';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { assertRequestRole } from './db/scoped-pool';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed/demo-logins';
import { isDemoSeedNeeded, seedDemoData } from './db/seed/demo';
import { JOBS } from './jobs/registry';
import { createJobRunner } from './jobs/runner';
import { createMailer } from './modules/mail/mailer.service';
import { markServerRunning } from './modules/backup/running-server';
import { loadSecrets } from './lib/secrets';

/**
 * One server process: it serves HTTP and runs the job workers until SIGTERM or SIGINT. Alone (the embedded database,
 * or WEB_CONCURRENCY=1) it migrates first and prints the banner; as one of the cluster's workers (cluster.ts) the
 * primary has migrated before forking it, and announces the whole.
 */
export async function serve(config: Config, { alone }: { alone: boolean }) {
  const startedAt = Date.now();
  // a worker reads the secrets file its primary wrote (or the environment's): every process signs alike
  const secrets = loadSecrets(config);
  // The embedded database is WebAssembly. V8 first runs it from a quick baseline compile and optimizes the hot parts
  // later, so for minutes after a start the same query costs up to twice as much and varies from call to call. The
  // server lives long: compiling it optimized once, before it opens (about a second), keeps every request at full
  // speed.
  if (!config.databaseUrl) v8.setFlagsFromString('--no-liftoff');
  // the embedded database's files are consistent only while no process has them open: backups check this mark
  if (!config.databaseUrl) markServerRunning(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    rowSecurity: config.databaseRowSecurity,
  });
  if (alone) await migrateDatabase(database);
  if (config.databaseRowSecurity && database.kind === 'postgres') await assertRequestRole(database);

  // Demo data only ever goes into an empty embedded database (a server database is seeded by `npm run db:seed`).
  let seeded = false;
  if (config.seedDemo && database.kind === 'pglite' && (await isDemoSeedNeeded(database.db))) {
    await seedDemoData(database.db);
    seeded = true;
  }

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  // Every process runs the workers of every job: pg-boss hands each job to one of them (SKIP LOCKED), its maintenance
  // and cron clock take an advisory lock or a conditional update, and the outbox claims each message for one sender.
  const jobs = createJobRunner(database, JOBS, {
    leaseSeconds: config.jobLeaseSeconds,
    // the embedded database is this process's alone: what it finds running at start, a crash left behind (never so
    // on a server, where what runs may be another live process's)
    soleProcess: database.kind === 'pglite',
  });
  const app = await buildApp({
    database,
    db: database.requestDb,
    config,
    secrets,
    mailer,
    jobs,
    loginRateLimitPerMinute: 30,
  });
  let closing = false;
  // What answers while the server closes ends its connection: a client's kept-alive connection (a browser's, a proxy's)
  // would otherwise hold the close until the deadline below, and the process would end with a failure.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  await app.listen({ port: config.port, host: config.host });

  if (alone) {
    printBanner(config, { readyMs: Date.now() - startedAt, processes: 1, seeded });
    if (config.seedDemo && database.kind === 'pglite') {
      console.log(`Demo logins (password "${DEMO_PASSWORD}"):`);
      for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(32)} ${login.role}`);
    }
  }

  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    const deadline = setTimeout(() => process.exit(1), 10_000);
    await app.close(); // stops taking requests, then lets running jobs finish (up to 8 s) and stops the workers
    await database.close();
    clearTimeout(deadline);
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** What a start prints once, from the one process or from the cluster's primary. */
export function printBanner(
  config: Config,
  { readyMs, processes, seeded }: { readyMs: number; processes: number; seeded: boolean },
) {
  console.log(`\nOpenSeat is running at ${config.publicUrl} (ready in ${(readyMs / 1000).toFixed(1)} s)`);
  console.log(
    `Database: ${config.databaseUrl ? 'PostgreSQL server' : `embedded PostgreSQL in ${config.dataDir}`}${seeded ? ', demo data seeded' : ''}`,
  );
  console.log(
    config.databaseUrl
      ? `Processes: ${processes} (WEB_CONCURRENCY, one per core unless set)`
      : `Processes: 1 (the embedded database is one process's own; WEB_CONCURRENCY applies with DATABASE_URL)`,
  );
  console.log(`Mail: ${config.smtpUrl ? 'SMTP' : 'captured, read it at /main/mail as a system user'}`);
}
