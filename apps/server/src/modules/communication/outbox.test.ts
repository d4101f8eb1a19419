import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import { apiClient, startAppOn, startTestApp, type TestContext } from '../../test/harness';
import { drainJobs, waitingJobs } from '../../test/jobs';
import { until } from '../../test/until';
import { createCampus, createSchool } from '../../test/factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createApplication } from '../../test/application-factories';
import { createEmailTemplate, createSmsTemplate } from '../../test/communication-factories';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { startFakeTwilio, type FakeTwilio } from '../../test/twilio';
import { tokenFor } from '../../test/session';
import { findMovable, lockGroups, openSession } from '../status-moves/status-moves.service';
import { encryptSecret } from '../../lib/crypto';
import { SYSTEM_SCOPE } from '../../lib/scope';
import { rowsOf } from '../../lib/sql';
import { expireOffers } from '../waiting-list/waiting-list.service';
import { dispatchDue, MAX_ATTEMPTS } from './outbox.jobs';
import { claimDue } from './outbox.repository';
import { queueStatusMessages, statusMessagesJob, unpackMoves } from './status-messages';

/*
 * The outbox end to end: a status move queues its campus's templates in its own transaction, the dispatcher sends
 * them after commit over real SMTP and to a Twilio on loopback, retries refusals and records the outcome, and a
 * worker that stops at any point loses nothing.
 */

let smtp: TestSmtpServer;
let twilio: FakeTwilio;
let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let token: string;
type Campus = Awaited<ReturnType<typeof createCampus>>;
let campus: Campus;
let period: Awaited<ReturnType<typeof createPeriod>>;

const env = (twilioUrl: string) => ({
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
  TWILIO_AUTH_TOKEN: 'twilio-test-token',
  TWILIO_API_URL: twilioUrl,
  TWILIO_FROM: '+15550001111',
  OUTBOX_RETRY_SECONDS: '0',
});

beforeAll(async () => {
  smtp = await startSmtpServer();
  twilio = await startFakeTwilio();
  ctx = await startTestApp({ smtpUrl: smtp.url, env: env(twilio.url) });
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db, 'Outbox School');
  campus = await createCampus(ctx.db, school.id_school, 'Outbox Campus');
  await createCampusGrades(ctx.db, campus, [3, 4]);
  period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 50, 4: 50 } });
  await ctx.db
    .insert(s.campusConfiguration)
    .values({ id_school: campus.id_school, id_campus: campus.id_campus, phone_number: '+15557770000' })
    .onConflictDoUpdate({ target: s.campusConfiguration.id_campus, set: { phone_number: '+15557770000' } });
  await createEmailTemplate(ctx.db, campus, {
    from: STATUS.APPLIED,
    to: STATUS.OFFERED,
    subject: 'A seat for {{applicant_first_name}}',
    text: 'Hello {{guardian_name}}, {{applicant_first_name}} is offered grade {{grade}}. {{form_question}}',
    html: '<p>Hello {{guardian_name}}, <b>{{applicant_first_name}}</b> is offered a seat.</p>',
  });
  await createEmailTemplate(ctx.db, campus, {
    from: STATUS.APPLIED,
    to: STATUS.OFFERED,
    lng: 'es',
    subject: 'Un cupo para {{applicant_first_name}}',
    text: 'Hola {{guardian_name}}, hay un cupo para {{applicant_first_name}}.',
  });
  await createSmsTemplate(ctx.db, campus, {
    from: STATUS.APPLIED,
    to: STATUS.OFFERED,
    text: '{{campus_name}}: a seat for {{applicant_first_name}}.',
  });
  // bound to another move: never sent by applied -> offered
  await createEmailTemplate(ctx.db, campus, { to: STATUS.DECLINED, subject: 'Declined', text: 'Sorry.' });
  token = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: campus.id_school });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await twilio?.close();
});

const messagesOf = (id_application: number) =>
  ctx.db
    .select()
    .from(s.messageOutbox)
    .where(eq(s.messageOutbox.id_application, id_application))
    .orderBy(s.messageOutbox.id_message);
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const smsTo = (phone: string) => twilio.requests.filter((r) => r.form.To === phone);
const applied = (spec: Parameters<typeof createApplication>[2] = {}) =>
  createApplication(ctx.db, period, { id_status: STATUS.APPLIED, guardianPhoneNumber: '5551230000', ...spec });
/** Applications one after the other (each takes the next correlative). */
async function inOrder<T>(items: number[], make: (i: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (const i of items) made.push(await make(i));
  return made;
}
const move = (ids: number[], id_status: number) =>
  call('PUT', '/application/status', { token, body: { applicationIds: ids, id_status } });

describe('a status move queues its messages in its own transaction', () => {
  it('queues exactly one message per matching template, rendered, and sends them after commit', async () => {
    const app = await applied({ firstName: 'Ana', guardianEmail: 'ana.family@example.org' });
    const res = await move([app.id_application], STATUS.OFFERED);
    expect(res.status).toBe(200);

    const queued = await messagesOf(app.id_application);
    expect(queued.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const mail = queued.find((m) => m.channel === 'email')!;
    expect(mail).toMatchObject({
      id_message_type: MESSAGE_TYPE.STATUS_CHANGE,
      lng: 'en',
      recipient: 'ana.family@example.org',
    });
    expect(mail.subject).toBe('A seat for Ana');
    // a field with no value (a form question this application never answered) renders empty
    expect(mail.body).toMatch(/^Hello Guardian \d+, Ana is offered grade .+\. $/);

    await expect.poll(() => mailsTo('ana.family@example.org').length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => smsTo('+15551230000').length, { timeout: 15_000 }).toBe(1);
    const sms = smsTo('+15551230000')[0];
    expect(sms.form).toMatchObject({ From: '+15557770000', Body: 'Outbox Campus: a seat for Ana.' });
    expect(sms.form.StatusCallback).toBe(`${ctx.baseUrl}/api/webhooks/twilio/status`);
    expect(sms.authorization).toBe(
      `Basic ${Buffer.from('AC00000000000000000000000000000001:twilio-test-token').toString('base64')}`,
    );
    await expect
      .poll(async () => (await messagesOf(app.id_application)).map((m) => m.status), { timeout: 15_000 })
      .toEqual(['sent', 'sent']);
    const sent = await messagesOf(app.id_application);
    expect(sent.find((m) => m.channel === 'sms')!.providerId).toMatch(/^SM/);
    expect(mailsTo('ana.family@example.org')[0].messageId).toBe(`<${mail.idempotencyKey}@openseat>`);
  });

  it("escapes the family's values in the HTML body", async () => {
    const app = await applied({ firstName: '<img src=x onerror=alert(1)>', guardianEmail: 'html.family@example.org' });
    await move([app.id_application], STATUS.OFFERED);
    const [mail] = (await messagesOf(app.id_application)).filter((m) => m.channel === 'email');
    expect(mail.html).toContain('<b>&lt;img src=x onerror=alert(1)&gt;</b>');
    expect(mail.html).not.toContain('<img');
  });

  it('sends the Spanish template to a Spanish-speaking guardian', async () => {
    const app = await applied({ firstName: 'Lucía', guardianEmail: 'lucia.family@example.org' });
    await ctx.db
      .update(s.applicant)
      .set({ guardianLanguage: 'es' })
      .where(and(eq(s.applicant.id_school, app.id_school), eq(s.applicant.id_applicant, app.id_applicant)));
    await move([app.id_application], STATUS.OFFERED);
    const mails = (await messagesOf(app.id_application)).filter((m) => m.channel === 'email');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ lng: 'es', subject: 'Un cupo para Lucía' });
    // no Spanish SMS template: the English one goes
    expect((await messagesOf(app.id_application)).filter((m) => m.channel === 'sms')).toHaveLength(1);
  });

  it('queues nothing for a move that rolls back', async () => {
    const app = await applied({ guardianEmail: 'rollback.family@example.org' });
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.messageOutbox);
    await expect(
      ctx.db.transaction(async (tx) => {
        await lockGroups(tx, [{ id_campus_year: period.id_campus_year, id_grade: 3 }]);
        const apps = await findMovable(tx, SYSTEM_SCOPE, [app.id_application], true);
        const session = openSession(tx, { scope: SYSTEM_SCOPE, id_user: null, jobs: ctx.jobs }, apps);
        expect(await session.move(apps[0], STATUS.OFFERED)).toBe(true);
        await session.flush();
        // (nothing read outside the transaction here: PGlite has one connection, it would wait for this one)
        const inside = await tx
          .select()
          .from(s.messageOutbox)
          .where(eq(s.messageOutbox.id_application, app.id_application));
        expect(inside).toHaveLength(2);
        throw new Error('the move fails after its messages were queued');
      }),
    ).rejects.toThrow('the move fails');
    expect(await messagesOf(app.id_application)).toHaveLength(0);
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.messageOutbox);
    expect(after[0].n).toBe(before[0].n);
    // had the move's job survived the rollback, its mail would have gone once the queue is idle
    await drainJobs(ctx);
    expect(mailsTo('rollback.family@example.org')).toHaveLength(0);
  });

  it('queues one message per application of a bulk move, and none for a refused one', async () => {
    const apps = await inOrder([1, 2, 3], (i) =>
      applied({ guardianEmail: `bulk${i}.family@example.org`, guardianPhoneNumber: null }),
    );
    const enrolled = await createApplication(ctx.db, period, {
      id_status: STATUS.ENROLLED,
      guardianEmail: 'enrolled.family@example.org',
    });
    const res = await move([...apps.map((a) => a.id_application), enrolled.id_application], STATUS.OFFERED);
    expect(res.status).toBe(200);
    for (const app of apps) {
      const rows = await messagesOf(app.id_application);
      expect(rows.map((r) => [r.channel, r.status === 'skipped' ? r.lastError : 'ok'])).toEqual([
        ['email', 'ok'],
        ['sms', 'no address'],
      ]);
    }
    expect(await messagesOf(enrolled.id_application)).toHaveLength(0);
  });

  it('queues the messages of a move made by a job (an offer that expired)', async () => {
    await createEmailTemplate(ctx.db, campus, {
      from: STATUS.OFFERED,
      to: STATUS.DECLINED,
      subject: 'Your offer expired',
      text: 'It lapsed.',
    });
    const app = await createApplication(ctx.db, period, {
      id_status: STATUS.OFFERED,
      guardianEmail: 'lapsed.family@example.org',
    });
    await ctx.db
      .update(s.application)
      .set({ offer_expires_at: new Date(Date.now() - 60_000) })
      .where(eq(s.application.id_application, app.id_application));
    const run = await expireOffers(ctx, new Date());
    expect(run.expired).toContain(app.id_application);
    const rows = await messagesOf(app.id_application);
    // the template bound offered -> declined, and the one bound to any move into declined
    expect(rows.map((r) => r.subject).sort()).toEqual(['Declined', 'Your offer expired']);
    expect(rows.every((r) => r.id_user === null)).toBe(true);
  });
});

describe('a large batch of moves (a lottery)', () => {
  it('queues its messages by a job the moves commit with, and a rerun of that job queues nothing twice', async () => {
    const apps = await inOrder([1, 2, 3], (i) =>
      applied({ guardianEmail: `batch${i}.family@example.org`, guardianPhoneNumber: null }),
    );
    const ids = apps.map((a) => a.id_application);
    await ctx.db.transaction(async (tx) => {
      await lockGroups(tx, [{ id_campus_year: period.id_campus_year, id_grade: 3 }]);
      const movable = await findMovable(tx, SYSTEM_SCOPE, ids, true);
      const session = openSession(tx, { scope: SYSTEM_SCOPE, id_user: null, jobs: ctx.jobs }, movable);
      for (const app of movable) expect(await session.move(app, STATUS.OFFERED)).toBe(true);
      await session.flush();
      // the same moves as a batch over the inline limit (1 here): nothing rendered now, one job enqueued
      const moved = movable.map((a) => ({
        id_application: a.id_application,
        id_campus: a.id_campus,
        from: STATUS.APPLIED,
        to: STATUS.OFFERED,
      }));
      expect(await queueStatusMessages(tx, ctx.jobs, moved, null, 1)).toBe(0);
    });
    // the inline flush queued 2 per application; the job adds its own 2 each, once
    await expect
      .poll(async () => (await Promise.all(ids.map(messagesOf))).map((rows) => rows.length), { timeout: 15_000 })
      .toEqual([4, 4, 4]);
    const [job] = rowsOf<{ data: unknown }>(
      await ctx.db.execute(
        sql`SELECT data FROM pgboss.job WHERE name = ${statusMessagesJob.name} ORDER BY created_on DESC LIMIT 1`,
      ),
    );
    const payload = statusMessagesJob.payload.parse(job.data);
    // the moves travel as one packed string, and come back as they were
    expect(typeof payload.moves).toBe('string');
    expect(unpackMoves(payload.moves)).toEqual(
      apps.map((a) => ({
        id_application: a.id_application,
        id_campus: a.id_campus,
        from: STATUS.APPLIED,
        to: STATUS.OFFERED,
      })),
    );
    await statusMessagesJob.handle(payload, ctx.jobContext, { number: 2, last: false });
    expect((await Promise.all(ids.map(messagesOf))).map((rows) => rows.length)).toEqual([4, 4, 4]);
    const keys = (await messagesOf(ids[0])).map((m) => m.idempotencyKey);
    expect(keys.filter((k) => k.startsWith(`status:${payload.batch}:${ids[0]}:`))).toHaveLength(2);
  });
});

describe('the packed moves of a batch job', () => {
  const payload = (moves: unknown) => ({ batch: '8f14e45f-ceea-467f-a0e6-5ea1c7d5b5b1', id_user: null, moves });

  it('accepts the packed string and the tuples of jobs queued before it, and nothing else', () => {
    const parse = (moves: unknown) => statusMessagesJob.payload.safeParse(payload(moves)).success;
    expect(parse('12,1,3,5;13,1,3,6')).toBe(true);
    expect(parse([[12, 1, 3, 5]])).toBe(true);
    for (const bad of ['', '12,1,3', '12,1,3,5;', '12,1,3,x', '12,1,3,5;13,1,3,6,7', [[12, 1, 3]]])
      expect(parse(bad)).toBe(false);
    expect(unpackMoves([[12, 1, 3, 5]])).toEqual([{ id_application: 12, id_campus: 1, from: 3, to: 5 }]);
  });
});

describe('the dispatcher', () => {
  it('retries a refused send with backoff and ends as failed with the provider error after the last try', async () => {
    const app = await applied({ guardianEmail: 'refused.family@example.org', guardianPhoneNumber: '5559990000' });
    twilio.failNext(MAX_ATTEMPTS, 503);
    await move([app.id_application], STATUS.OFFERED);
    await expect
      .poll(async () => (await messagesOf(app.id_application)).find((m) => m.channel === 'sms')?.status, {
        timeout: 20_000,
      })
      .toBe('failed');
    const sms = (await messagesOf(app.id_application)).find((m) => m.channel === 'sms')!;
    expect(sms.attempts).toBe(MAX_ATTEMPTS);
    expect(sms.lastError).toContain('Twilio 503');
    expect(smsTo('+15559990000')).toHaveLength(MAX_ATTEMPTS);
  });

  it('does not retry what cannot succeed (a number the provider refuses)', async () => {
    const app = await applied({ guardianEmail: null, guardianPhoneNumber: '5550000001' });
    twilio.failNext(1, 400);
    await move([app.id_application], STATUS.OFFERED);
    await expect
      .poll(async () => (await messagesOf(app.id_application)).find((m) => m.channel === 'sms')?.status, {
        timeout: 15_000,
      })
      .toBe('failed');
    expect(smsTo('+15550000001')).toHaveLength(1);
  });

  it('waits out the backoff: each retry of a refused mail comes later than the one before', async () => {
    const app = await applied({ guardianEmail: 'backoff.family@example.org', guardianPhoneNumber: null });
    const id = await ctx.db.transaction(async (tx) => {
      await lockGroups(tx, [{ id_campus_year: period.id_campus_year, id_grade: 3 }]);
      const apps = await findMovable(tx, SYSTEM_SCOPE, [app.id_application], true);
      const session = openSession(tx, { scope: SYSTEM_SCOPE, id_user: null, jobs: ctx.jobs }, apps);
      await session.move(apps[0], STATUS.OFFERED);
      await session.flush();
      const [row] = await tx
        .select()
        .from(s.messageOutbox)
        .where(eq(s.messageOutbox.id_application, app.id_application));
      // held back, so this test's own dispatch runs instead of the app's worker
      await tx
        .update(s.messageOutbox)
        .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
        .where(eq(s.messageOutbox.id_message, row.id_message));
      return row.id_message;
    });
    const config = { ...ctx.jobContext.config, outboxRetrySeconds: 60 };
    smtp.refuseNext(2);
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await ctx.db
        .update(s.messageOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(s.messageOutbox.id_message, id));
      await dispatchDue({ ...ctx.jobContext, config });
      const [row] = await ctx.db.select().from(s.messageOutbox).where(eq(s.messageOutbox.id_message, id));
      gaps.push(Math.round((row.nextAttemptAt.getTime() - Date.now()) / 1000));
      if (attempt < 3) expect(row).toMatchObject({ status: 'queued', attempts: attempt });
      else expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    }
    // 60 s after the first refusal, 120 s after the second
    expect(gaps[0]).toBeGreaterThanOrEqual(58);
    expect(gaps[0]).toBeLessThanOrEqual(60);
    expect(gaps[1]).toBeGreaterThanOrEqual(118);
    expect(mailsTo('backoff.family@example.org')).toHaveLength(1);
  });
});

describe('quiet hours', () => {
  /** The UTC wall time `minutes` from now, as HH:MM. */
  const utcClock = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);
  const quietHours = (start: string, end: string) =>
    ctx.db
      .update(s.schoolConfiguration)
      .set({ sms_quiet_start: start, sms_quiet_end: end, time_zone: 'UTC' })
      .where(eq(s.schoolConfiguration.id_school, campus.id_school));

  it('holds a text due in quiet hours until they end, sends the mail at once, and the text once they are over', async () => {
    await quietHours(utcClock(-60), utcClock(60));
    try {
      const app = await applied({ guardianEmail: 'night.family@example.org', guardianPhoneNumber: '5554442222' });
      await move([app.id_application], STATUS.OFFERED);
      await expect.poll(() => mailsTo('night.family@example.org').length, { timeout: 15_000 }).toBe(1);
      const held = await until('the text held back', async () => {
        const text = (await messagesOf(app.id_application)).find((m) => m.channel === 'sms');
        return text?.status === 'queued' && text.nextAttemptAt.getTime() > Date.now() + 30 * 60_000 && text;
      });
      // held until the end of the quiet hours (to the minute), and the claim that found it quiet was not a try
      expect(Math.abs(held.nextAttemptAt.getTime() - (Date.now() + 60 * 60_000))).toBeLessThan(2 * 60_000);
      expect(held.attempts).toBe(0);
      expect(smsTo('+15554442222')).toHaveLength(0);

      // the morning comes: the dispatcher sends it
      await quietHours('00:00', '00:00');
      await ctx.db
        .update(s.messageOutbox)
        .set({ nextAttemptAt: new Date() })
        .where(eq(s.messageOutbox.id_message, held.id_message));
      await dispatchDue(ctx.jobContext);
      expect(smsTo('+15554442222')).toHaveLength(1);
      expect((await messagesOf(app.id_application)).find((m) => m.channel === 'sms')).toMatchObject({
        status: 'sent',
        attempts: 1,
      });
    } finally {
      await quietHours('00:00', '00:00');
    }
  });
});

describe("a school's own provider account", () => {
  it('sends its SMS through its own Twilio account, whose token is stored sealed', async () => {
    await ctx.db
      .update(s.schoolConfiguration)
      .set({
        twilio_account_sid: 'AC00000000000000000000000000000099',
        twilio_auth_token_encrypted: encryptSecret(ctx.secrets.encryptionKey, 'school-own-token'),
      })
      .where(eq(s.schoolConfiguration.id_school, campus.id_school));
    try {
      const app = await applied({ guardianEmail: null, guardianPhoneNumber: '5554443333' });
      await move([app.id_application], STATUS.OFFERED);
      await expect.poll(() => smsTo('+15554443333').length, { timeout: 15_000 }).toBe(1);
      const [sms] = smsTo('+15554443333');
      expect(sms.path).toBe('/2010-04-01/Accounts/AC00000000000000000000000000000099/Messages.json');
      expect(sms.authorization).toBe(
        `Basic ${Buffer.from('AC00000000000000000000000000000099:school-own-token').toString('base64')}`,
      );
    } finally {
      await ctx.db
        .update(s.schoolConfiguration)
        .set({ twilio_account_sid: null, twilio_auth_token_encrypted: null })
        .where(eq(s.schoolConfiguration.id_school, campus.id_school));
    }
  });
});

describe('a worker that stops', () => {
  it('between queue and send: nothing is lost, and a restarted worker sends each message once', async () => {
    await ctx.jobs.stop();
    const apps = await inOrder([1, 2], (i) =>
      applied({ guardianEmail: `restart${i}.family@example.org`, guardianPhoneNumber: null }),
    );
    expect(
      (
        await move(
          apps.map((a) => a.id_application),
          STATUS.OFFERED,
        )
      ).status,
    ).toBe(200);
    // the dispatch waits in the queue, untaken: no worker of this process runs after stop()
    expect(await waitingJobs(ctx, 'outbox.dispatch')).toBeGreaterThan(0);
    expect(mailsTo('restart1.family@example.org')).toHaveLength(0);
    for (const app of apps) expect((await messagesOf(app.id_application))[0].status).toBe('queued');

    // another process (the app restarted) on the same database
    const second = await startAppOn(ctx.database, { smtpUrl: smtp.url, env: env(twilio.url) });
    try {
      await expect
        .poll(() => mailsTo('restart1.family@example.org').length + mailsTo('restart2.family@example.org').length, {
          timeout: 15_000,
        })
        .toBe(2);
      // every due job processed, a second send would have happened by now
      await drainJobs(second);
      expect(mailsTo('restart1.family@example.org')).toHaveLength(1);
      expect(mailsTo('restart2.family@example.org')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('a slow provider keeps its sender: the claim is renewed while the send is still going on', async () => {
    const app = await applied({ guardianEmail: 'slow.family@example.org', guardianPhoneNumber: null });
    await move([app.id_application], STATUS.OFFERED); // no runner is working: the message waits
    smtp.answerAfter(2500);
    try {
      // a lease of 1 s, renewed every third of it, outlives a send of 2.5 s
      const sending = dispatchDue(ctx.jobContext, { claimSeconds: 1 });
      // wait, by the database's clock, until a claim seen on the message has run out: without the renewal the
      // message would now be free to take
      const claim = await until('the message to be claimed', async () => {
        const [row] = await messagesOf(app.id_application);
        return row?.status === 'sending' && row.claimedUntil;
      });
      await until('the claim first seen to run out', async () => {
        const [{ passed }] = rowsOf<{ passed: boolean }>(
          await ctx.db.execute(sql`SELECT now() > ${claim.toISOString()}::timestamptz AS passed`),
        );
        return passed;
      });
      expect(await claimDue(ctx.db, 10, 120)).toEqual([]); // another sender finds nothing to take
      await sending;
    } finally {
      smtp.answerAfter(0);
    }
    expect(mailsTo('slow.family@example.org')).toHaveLength(1);
    const [row] = await messagesOf(app.id_application);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('between send and acknowledge: the message is sent at most once more, with the same Message-ID', async () => {
    const second = await startAppOn(ctx.database, {
      smtpUrl: smtp.url,
      env: env(twilio.url),
      jobs: { schedule: false },
    });
    try {
      await second.jobs.stop();
      const app = await applied({ guardianEmail: 'crash.family@example.org', guardianPhoneNumber: null });
      await move([app.id_application], STATUS.OFFERED); // the first app's runner is stopped too: nothing sends
      // a sender claims it, sends it, and dies before recording the answer
      const [claimed] = await claimDue(ctx.db, 10, 120);
      expect(claimed.recipient).toBe('crash.family@example.org');
      expect(mailsTo('crash.family@example.org')).toHaveLength(0);
      // its claim runs out
      await ctx.db
        .update(s.messageOutbox)
        .set({ claimedUntil: sql`now() - interval '1 second'` })
        .where(eq(s.messageOutbox.id_message, claimed.id_message));
      await dispatchDue(second.jobContext);
      const [row] = await ctx.db
        .select()
        .from(s.messageOutbox)
        .where(eq(s.messageOutbox.id_message, claimed.id_message));
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      expect(mailsTo('crash.family@example.org')).toHaveLength(1);
      expect(mailsTo('crash.family@example.org')[0].messageId).toBe(`<${row.idempotencyKey}@openseat>`);
      // and a claim that has not run out is left alone
      expect(await claimDue(ctx.db, 10, 120)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
