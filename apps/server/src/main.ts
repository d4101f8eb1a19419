import v8 from 'node:v8';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed/demo-logins';
import { isDemoSeedNeeded, seedDemoData } from './db/seed/demo';
import { JOBS } from './jobs/registry';
import { createJobRunner } from './jobs/runner';
import { createMailer } from './modules/mail/mailer.service';
import { markServerRunning } from './modules/backup/running-server';
import { loadSecrets } from './lib/secrets';

const startedAt = Date.now();
const config = loadConfig();
const secrets = loadSecrets(config);
// The embedded database is WebAssembly. V8 first runs it from a quick baseline compile and optimizes the hot parts
// later, so for minutes after a start the same query costs up to twice as much and varies from call to call. The
// server lives long: compiling it optimized once, before it opens (about a second), keeps every request at full speed.
if (!config.databaseUrl) v8.setFlagsFromString('--no-liftoff');
// the embedded database's files are consistent only while no process has them open: backups check this mark
if (!config.databaseUrl) markServerRunning(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);

// Demo data only ever goes into an empty embedded database (a server database is seeded by `npm run db:seed`).
let seeded = false;
if (config.seedDemo && database.kind === 'pglite' && (await isDemoSeedNeeded(database.db))) {
  await seedDemoData(database.db);
  seeded = true;
}

const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
const jobs = createJobRunner(database, JOBS, {
  leaseSeconds: config.jobLeaseSeconds,
  // the embedded database is this process's alone: what it finds running at start, a crash left behind
  soleProcess: database.kind === 'pglite',
});
const app = await buildApp({ database, db: database.db, config, secrets, mailer, jobs, loginRateLimitPerMinute: 30 });
await app.listen({ port: config.port, host: config.host });

const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
console.log(`\nOpenSeat is running at ${config.publicUrl} (ready in ${seconds} s)`);
console.log(
  `Database: ${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL server'}${seeded ? ', demo data seeded' : ''}`,
);
console.log(`Mail: ${mailer.kind === 'smtp' ? 'SMTP' : 'captured, read it at /main/mail as a system user'}`);
if (config.seedDemo && database.kind === 'pglite') {
  console.log(`Demo logins (password "${DEMO_PASSWORD}"):`);
  for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(32)} ${login.role}`);
}

let closing = false;
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
