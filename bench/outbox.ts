/**
 * The message outbox (issue 11), on PGlite and on the PostgreSQL server, over the demo data:
 * - queue-to-sent throughput: 10,000 e-mails queued in the outbox, sent by the dispatcher (claim, send over pooled
 *   SMTP, record) to a local SMTP server, beside the same 10,000 mails sent straight through the same mailer with
 *   no database (the "direct" figure: what SMTP itself costs);
 * - a status move's latency through the API (one application, lead -> contacted, a move that queues its template)
 *   with an empty outbox and again after 200,000 older messages: the send happens after commit, so it must not grow.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { STATUS } from '@openseat/shared/constants';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed/demo';
import type { JobContext } from '../apps/server/src/jobs/job';
import { createMailer } from '../apps/server/src/modules/mail/mailer.service';
import { dispatchDue } from '../apps/server/src/modules/communication/outbox.jobs';
import { startSmtpServer, type TestSmtpServer } from '../apps/server/src/test/smtp';
import { createBenchDatabase, percentiles, startServer, timeEach, type Row, type Server } from './harness';

const MAILS = 10_000;
const OLD_MESSAGES = Number(process.env.BENCH_OUTBOX_OLD ?? 200_000);
const MOVES = 80;
/** Moves made before timing, on each server start (caches, prepared plans). */
const WARM_UP = 5;

const progress = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);

export async function benchOutbox(kind: 'pglite' | 'postgres', rows: Row[]) {
  const { databaseUrl, dataDir, drop } = await createBenchDatabase(kind, 'outbox');
  const smtp = await startSmtpServer();
  let server: Server | null = null;
  try {
    progress(`${kind}: migrate and seed the demo`);
    const database = await openDatabase({ databaseUrl, dataDir });
    await migrateDatabase(database);
    await seedDemoData(database.db);
    const { id_school, id_campus } = await firstCampus(database);

    progress(`${kind}: ${MAILS} mails straight through the mailer`);
    const direct = await sendDirect(smtp, database);
    progress(`${kind}: ${MAILS} mails through the outbox`);
    await queueMails(database, id_school, id_campus, MAILS);
    const context = jobContext(database, smtp.url);
    const t = performance.now();
    const sent = await dispatchDue(context);
    const outboxMs = performance.now() - t;
    context.mailer.close();
    const { rows: states } = await database.executeSql(
      `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent FROM message_outbox`,
      [],
    );
    if ((states[0] as { sent: number }).sent !== MAILS || sent !== MAILS)
      throw new Error(`the dispatcher sent ${sent}, ${JSON.stringify(states[0])}`);
    const rate = (MAILS / outboxMs) * 1000;
    rows.push([
      `${kind}: outbox queue -> sent, ${MAILS} e-mails`,
      `${rate.toFixed(0)} mails/s (${(outboxMs / 1000).toFixed(1)} s)`,
      `direct SMTP ${direct.toFixed(0)} mails/s; ratio ${(direct / rate).toFixed(2)}x`,
    ]);
    await database.close();

    progress(`${kind}: status move latency through the API`);
    server = await startServer({
      DATA_DIR: dataDir,
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      SMTP_URL: smtp.url,
    });
    const token = await server.signIn('school@demo.openseat.org');
    const leads = await leadsOf(server, token, (MOVES + WARM_UP) * 2);
    const moveOne = (id: number) =>
      server!.fetch('/api/application/status', {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ applicationIds: [id], id_status: STATUS.CONTACTED }),
      });
    await timeEach(WARM_UP, () => moveOne(leads.shift()!));
    const before = percentiles(await timeEach(MOVES, () => moveOne(leads.shift()!)));
    await server.stop();
    server = null;
    progress(`${kind}: ${OLD_MESSAGES} older messages in the outbox`);
    const filled = await openDatabase({ databaseUrl, dataDir });
    await filled.executeSql(
      `INSERT INTO message_outbox (id_school, id_campus, idempotency_key, channel, id_message_type, recipient, subject,
                                   body, status, attempts, sent_at)
       SELECT $1, $2, 'old-' || i, 'email', 1, 'family' || i || '@example.org', 'Old', 'An older message', 'sent', 1, now()
       FROM generate_series(1, ${OLD_MESSAGES}) i`,
      [id_school, id_campus],
    );
    await filled.executeSql('ANALYZE message_outbox', []);
    await filled.close();
    server = await startServer({
      DATA_DIR: dataDir,
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      SMTP_URL: smtp.url,
    });
    const token2 = await server.signIn('school@demo.openseat.org');
    const moveAgain = (id: number) =>
      server!.fetch('/api/application/status', {
        method: 'PUT',
        headers: { authorization: `Bearer ${token2}`, 'content-type': 'application/json' },
        body: JSON.stringify({ applicationIds: [id], id_status: STATUS.CONTACTED }),
      });
    await timeEach(WARM_UP, () => moveAgain(leads.shift()!));
    const after = percentiles(await timeEach(MOVES, () => moveAgain(leads.shift()!)));
    rows.push([
      `${kind}: status move p50 / p95, outbox empty -> ${OLD_MESSAGES / 1000}k messages`,
      `${before.p50.toFixed(1)} / ${before.p95.toFixed(1)} -> ${after.p50.toFixed(1)} / ${after.p95.toFixed(1)} ms`,
      `p50 ratio ${(after.p50 / before.p50).toFixed(2)}x (target: no growth, <= 1.2x)`,
    ]);
  } finally {
    await server?.stop();
    await smtp.close();
    await drop();
  }
}

async function firstCampus(database: Database) {
  const { rows } = await database.executeSql(`SELECT id_school, id_campus FROM campus ORDER BY id_campus LIMIT 1`, []);
  return rows[0] as { id_school: number; id_campus: number };
}

/** The same number of mails straight through a pooled mailer, 100 at a time like the dispatcher. */
async function sendDirect(smtp: TestSmtpServer, database: Database): Promise<number> {
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'bench@openseat.local', db: database.db });
  const t = performance.now();
  for (let i = 0; i < MAILS; i += 100)
    await Promise.all(
      Array.from({ length: Math.min(100, MAILS - i) }, (_, k) =>
        mailer.send({ to: `direct${i + k}@example.org`, subject: 'Direct', text: 'A mail with no database.' }),
      ),
    );
  const elapsed = performance.now() - t;
  mailer.close();
  return (MAILS / elapsed) * 1000;
}

async function queueMails(database: Database, id_school: number, id_campus: number, count: number) {
  await database.executeSql(
    `INSERT INTO message_outbox (id_school, id_campus, idempotency_key, channel, id_message_type, recipient, subject, body)
     SELECT $1, $2, 'bench-' || i, 'email', 3, 'family' || i || '@example.org', 'News from the school',
            'Hello, this is message ' || i || ' of the bench.'
     FROM generate_series(1, ${count}) i`,
    [id_school, id_campus],
  );
}

function jobContext(database: Database, smtpUrl: string): JobContext {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), smtpUrl };
  return {
    db: database.db,
    config,
    mailer: createMailer({ smtpUrl, from: config.mailFrom, db: database.db }),
    secrets: { jwtSecret: randomBytes(32), encryptionKey: randomBytes(32) },
    log: Fastify({ logger: false }).log,
    jobs: {
      // every message falls due at once: a run that asks for a later one has a bug
      enqueue: () => Promise.reject(new Error('the bench dispatch asked to run again')),
    },
  };
}

/** Lead applications of the demo school's campuses that the API lists for the school admin. */
async function leadsOf(server: Server, token: string, count: number) {
  const res = await server.fetch(`/api/application?type=1&ids_status=${STATUS.LEAD}&pageSize=200&page=0`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`lead list: ${res.status}`);
  const page = (await res.json()) as { data: Array<{ id_application: number }> };
  if (page.data.length < count) throw new Error(`only ${page.data.length} leads in the demo`);
  return page.data.slice(0, count).map((a) => a.id_application);
}
