import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { Database } from '../db/client';
import * as s from '../db/schema/index';
import { dispatchOutbox } from '../modules/communication/outbox.jobs';
import { insertMessages, type NewMessage } from '../modules/communication/outbox.repository';
import { COPY_CHUNK, copyApplications } from '../modules/school-year-transfer/application-copy.jobs';
import { insertCopy } from '../modules/school-year-transfer/school-years.repository';
import { createApplication } from '../test/application-factories';
import { createCampusGrades, createPeriod, createTag } from '../test/enrollment-factories';
import { createCampus, createSchool, createUser } from '../test/factories';
import { openTestDatabase } from '../test/harness';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { JOBS } from './registry';
import { createJobRunner, type JobRunner } from './runner';

/*
 * kill -9 of the process doing background work, and a process started again: the work it held (a pg-boss job, the
 * messages it had claimed) comes back about one lease after the crash (JOB_LEASE_SECONDS, short here), and is done
 * once. Real server processes on the PostgreSQL server; PGlite is one process's alone (runner.test.ts covers its
 * restart).
 */
const LEASE = '6';
const RECOVERY_MS = 120_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a process killed while it works', () => {
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;
  let smtp: TestSmtpServer;
  /** Enqueues as the app would, from this test (the processes' own workers run the jobs). */
  let queue: JobRunner;
  const processes: ServerProcess[] = [];
  let school: Awaited<ReturnType<typeof createSchool>>;
  let campus: Awaited<ReturnType<typeof createCampus>>;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    ({ database, drop } = opened);
    url = opened.url!;
    smtp = await startSmtpServer();
    queue = createJobRunner(database, JOBS, { leaseSeconds: Number(LEASE) });
    school = await createSchool(database.db, 'Crash School');
    campus = await createCampus(database.db, school.id_school, 'Crash Campus');
  });
  // each test has the database's only processes: the one it kills runs the work
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((p) => p.kill('SIGKILL')));
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
    await smtp?.close();
  });

  const start = async () => {
    const server = await startServerProcess({ DATABASE_URL: url, SMTP_URL: smtp.url, JOB_LEASE_SECONDS: LEASE });
    processes.push(server);
    return server;
  };
  const count = async (query: Promise<Array<{ n: number }>>) => (await query)[0].n;

  it('while sending: a restarted process sends the rest within two minutes, each message once', async () => {
    const total = 300;
    const messages: NewMessage[] = Array.from({ length: total }, (_, i) => ({
      id_school: school.id_school,
      id_campus: campus.id_campus,
      id_application: null,
      idempotency_key: `crash-${i}`,
      channel: 'email',
      id_message_type: MESSAGE_TYPE.MANUALLY_SENT,
      id_campus_email: null,
      id_campus_text_message: null,
      id_reminder: null,
      id_message_batch: null,
      id_user: null,
      lng: 'en',
      recipient: `family${i}@example.org`,
      subject: 'News',
      body: 'Hello',
      html: null,
      bulk: false,
      status: 'queued',
      last_error: null,
    }));
    const ids = await insertMessages(database.db, messages);
    const sent = () =>
      count(
        database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(s.messageOutbox)
          .where(and(inArray(s.messageOutbox.id_message, ids), eq(s.messageOutbox.status, 'sent'))),
      );
    // the provider takes a first batch, then stops answering while the next one is on its way
    smtp.holdAfter(100);
    const first = await start();
    await queue.enqueue(database.db, dispatchOutbox, {});
    await expect.poll(sent, { timeout: 30_000 }).toBe(100);
    await expect.poll(() => smtp.held(), { timeout: 30_000 }).toBeGreaterThan(0);

    await first.kill('SIGKILL');
    const crashedAt = Date.now();
    // staff keep working: a move queues messages again and enqueues the dispatcher (same key as the dead one's job)
    await queue.enqueue(database.db, dispatchOutbox, {});
    smtp.release();
    await start();

    await expect.poll(sent, { timeout: RECOVERY_MS, interval: 500 }).toBe(total);
    expect(Date.now() - crashedAt).toBeLessThan(RECOVERY_MS);
    const delivered = smtp.received.map((mail) => mail.messageId);
    expect(delivered).toHaveLength(total);
    expect(new Set(delivered).size).toBe(total);
  }, 200_000);

  it('while copying applications to the next school year: a restarted process finishes the copy, nothing twice', async () => {
    await createCampusGrades(database.db, campus, [3]);
    const now = await createPeriod(database.db, campus, { state: 'started', grades: { 3: 400 } });
    await createPeriod(database.db, campus, { id_school_year: 4, grades: { 3: 400 } });
    const user = await createUser(database.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
    const total = 3 * COPY_CHUNK;
    const apps = [];
    for (let i = 0; i < total; i++) apps.push(await createApplication(database.db, now, { id_status: STATUS.APPLIED }));
    const applicationIds = apps.map((a) => a.id_application).sort((a, b) => a - b);
    // the third chunk copies a tag: holding the tag's row stops the copy there, two chunks done, as a crash finds it
    const tag = await createTag(database.db, campus);
    await database.db.insert(s.applicationTag).values({
      id_school: school.id_school,
      id_application: applicationIds[2 * COPY_CHUNK],
      id_tag: tag.id_tag,
    });
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM tag WHERE id_tag = $1 FOR UPDATE', [tag.id_tag]);

    const copy = await insertCopy(database.db, {
      id_school: school.id_school,
      id_user: user.id_user,
      id_school_year: 4,
      applicationIds,
      lng: 'en',
      total,
    });
    const first = await start();
    await queue.enqueue(database.db, copyApplications, { id_application_copy: copy.id_application_copy });
    const progress = async () =>
      (
        await database.db
          .select()
          .from(s.applicationCopy)
          .where(eq(s.applicationCopy.id_application_copy, copy.id_application_copy))
      )[0];
    await expect.poll(async () => (await progress()).processed, { timeout: 30_000 }).toBe(2 * COPY_CHUNK);

    await first.kill('SIGKILL');
    const crashedAt = Date.now();
    await holder.query('ROLLBACK');
    await holder.end();
    await start();

    await expect.poll(async () => (await progress()).status, { timeout: RECOVERY_MS, interval: 500 }).toBe('done');
    expect(Date.now() - crashedAt).toBeLessThan(RECOVERY_MS);
    expect(await progress()).toMatchObject({ processed: total, copied: total });
    const copies = await database.db
      .select({ from: s.application.copiedFrom })
      .from(s.application)
      .where(and(isNotNull(s.application.copiedFrom), eq(s.application.id_school_year, 4)));
    expect(copies).toHaveLength(total);
    expect(new Set(copies.map((c) => c.from)).size).toBe(total);
    const doneMails = await count(
      database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(s.accountMail)
        .where(and(eq(s.accountMail.id_user, user.id_user), eq(s.accountMail.kind, 'application_copy_done'))),
    );
    expect(doneMails).toBe(1);
  }, 200_000);
});
