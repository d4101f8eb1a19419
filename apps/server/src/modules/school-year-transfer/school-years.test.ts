import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '@openseat/shared/constants';
import type { CopyJob } from '@openseat/shared/schemas/application-records';
import * as s from '../../db/schema/index';
import type { JobContext } from '../../jobs/job';
import {
  applicationRow,
  createApplication,
  expectSeatsAndPlacesConsistent,
  seatRow,
} from '../../test/application-factories';
import { createPeriod } from '../../test/enrollment-factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { recordsWorld } from '../../test/records-setup';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { COPY_CHUNK, copyApplications } from './application-copy.jobs';
import * as repo from './school-years.repository';

let smtp: TestSmtpServer;
let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let w: Awaited<ReturnType<typeof recordsWorld>>;
let next: Awaited<ReturnType<typeof createPeriod>>;
type Refusal = { message: string; code: string; errors?: Array<{ path: string; message: string }> };
type TransferResult = {
  message: string;
  data: Array<{ id_application: number; id_campus_year: number }>;
  nonTransferable: number[];
  refused: Array<{ id_application: number; code: string }>;
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await startTestApp({ smtpUrl: smtp.url });
  call = apiClient(ctx.baseUrl);
  w = await recordsWorld(ctx, [['applications', 'access']]);
  // next school year (4 = 2027-2028) on a1 only, one seat in 1st grade
  next = await createPeriod(ctx.db, w.campuses.a1, { id_school_year: 4, grades: { 3: 1, 4: 5 } });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const liveCopiesOf = (id_application: number) =>
  ctx.db
    .select()
    .from(s.application)
    .where(and(eq(s.application.copiedFrom, id_application), isNull(s.application.deletedAt)));

describe('school years: targets and transfer', () => {
  it('offers the school years with an open period on every campus of the selection, or none (the notice)', async () => {
    const one = await call<Array<{ id_school_year: number; name: string }>>(
      'GET',
      `/application/school-year-targets?applicationIds=${w.apps.a1.id_application}`,
      { token: w.tokens.campus },
    );
    expect(one.status).toBe(200);
    expect(one.body).toEqual([{ id_school_year: 4, name: expect.any(String) }]);
    const mixed = await call(
      'GET',
      `/application/school-year-targets?applicationIds=${w.apps.a1.id_application},${w.apps.a2.id_application}`,
      {
        token: w.tokens.school,
      },
    );
    expect(mixed.body).toEqual([]);
    const refused = await call<Refusal>('PUT', '/application/update-school-year', {
      token: w.tokens.school,
      body: { applicationIds: [w.apps.a2.id_application], target: 4 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('There is no other school year available on this campus to copy or transfer to.');
  });

  it('moves applications with their seats and waiting places; no seat left there: nonTransferable', async () => {
    const period = w.periods.a1;
    const applied = await createApplication(ctx.db, period, { id_status: STATUS.APPLIED });
    const offered1 = await createApplication(ctx.db, period, { id_status: STATUS.OFFERED });
    const offered2 = await createApplication(ctx.db, period, { id_status: STATUS.OFFERED });
    const waiting1 = await createApplication(ctx.db, period, { id_status: STATUS.WAITING_LIST });
    const waiting2 = await createApplication(ctx.db, period, { id_status: STATUS.WAITING_LIST });
    const ids = [applied, offered1, offered2, waiting1].map((x) => x.id_application);
    const res = await call<TransferResult>('PUT', '/application/update-school-year', {
      token: w.tokens.campus,
      body: { applicationIds: [...ids, w.apps.b1.id_application], target: 4 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Applications moved to the school year.');
    expect(res.body.data.map((d) => d.id_application)).toEqual(
      [applied, offered1, waiting1].map((x) => x.id_application),
    );
    expect(res.body.nonTransferable).toEqual([offered2.id_application]);
    expect(res.body.refused).toEqual([
      expect.objectContaining({ id_application: w.apps.b1.id_application, code: 'NOT_FOUND' }),
    ]);
    expect(await applicationRow(ctx.db, applied.id_application)).toMatchObject({
      id_school_year: 4,
      id_campus_year: next.id_campus_year,
    });
    expect(await applicationRow(ctx.db, offered2.id_application)).toMatchObject({
      id_campus_year: period.id_campus_year,
    });
    expect((await seatRow(ctx.db, next.id_campus_year, 3)).taken).toBe(1);
    expect((await seatRow(ctx.db, period.id_campus_year, 3)).taken).toBe(1);
    expect(await applicationRow(ctx.db, waiting1.id_application)).toMatchObject({ waiting_list_position: 1 });
    expect(await applicationRow(ctx.db, waiting2.id_application)).toMatchObject({ waiting_list_position: 1 });
    await expectSeatsAndPlacesConsistent(ctx.db);
    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.action, 'application.school_year.transfer'));
    expect(audit).toHaveLength(3);
  });

  it('refuses the same school year, a finalized period, another tenant (404) and a caller without the permission', async () => {
    const moved = await createApplication(ctx.db, next, { id_status: STATUS.LEAD });
    const same = await call<Refusal>('PUT', '/application/update-school-year', {
      token: w.tokens.campus,
      body: { applicationIds: [moved.id_application], target: 4 },
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('The application is already in this school year.');
    const foreign = await call('PUT', '/application/update-school-year', {
      token: w.tokens.campus,
      body: { applicationIds: [w.apps.a2.id_application], target: 4 },
    });
    expect(foreign.status).toBe(404);
    expect(
      (
        await call('PUT', '/application/update-school-year', {
          token: w.tokens.limited,
          body: { applicationIds: [w.apps.a1.id_application], target: 4 },
        })
      ).status,
    ).toBe(403);
    for (const body of [
      { applicationIds: [], target: 4 },
      { applicationIds: [1], target: 0 },
      { applicationIds: [1, 1], target: 4 },
    ])
      expect((await call('PUT', '/application/update-school-year', { token: w.tokens.campus, body })).status).toBe(400);
  });
});

describe('school years: copy as a job', () => {
  it('copies in the background, keeps copiedFrom and tags, reports progress and mails the requester once', async () => {
    const source = await createApplication(ctx.db, w.periods.a1, { id_status: STATUS.APPLIED });
    const seatHolder = await createApplication(ctx.db, w.periods.a1, { id_status: STATUS.CONFIRMED, id_grade: 4 });
    await ctx.db
      .insert(s.applicationTag)
      .values({ id_school: source.id_school, id_application: source.id_application, id_tag: w.tags.a1.id_tag });
    const before = smtp.received.length;
    const res = await call<{ message: string; data: CopyJob; refused: unknown[] }>(
      'POST',
      '/application/copy-to-school-year',
      {
        token: w.tokens.campus,
        body: {
          applicationIds: [source.id_application, seatHolder.id_application, w.apps.b1.id_application],
          target: 4,
        },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('The copy has started. You will get an e-mail when it is done.');
    expect(res.body.data).toMatchObject({ status: 'pending', total: 2, processed: 0 });
    expect(res.body.refused).toHaveLength(1);
    const id = res.body.data.id_application_copy;
    await expect
      .poll(
        async () =>
          (await call<CopyJob>('GET', `/application/copy-to-school-year/${id}`, { token: w.tokens.campus })).body
            .status,
        {
          timeout: 15_000,
        },
      )
      .toBe('done');
    const done = await call<CopyJob>('GET', `/application/copy-to-school-year/${id}`, { token: w.tokens.campus });
    expect(done.body).toMatchObject({ total: 2, processed: 2, copied: 2, progress: 100 });
    const [copy] = await liveCopiesOf(source.id_application);
    expect(copy).toMatchObject({ id_school_year: 4, id_campus_year: next.id_campus_year, id_status: STATUS.APPLIED });
    expect(copy.correlative).not.toBe(source.correlative);
    const tags = await ctx.db
      .select()
      .from(s.applicationTag)
      .where(eq(s.applicationTag.id_application, copy.id_application));
    expect(tags.map((t) => t.id_tag)).toEqual([w.tags.a1.id_tag]);
    const [seatCopy] = await liveCopiesOf(seatHolder.id_application);
    expect(seatCopy.id_status).toBe(STATUS.APPLIED);
    await expectSeatsAndPlacesConsistent(ctx.db);
    await expect.poll(() => smtp.received.length - before, { timeout: 15_000 }).toBe(1);
    expect(smtp.received.at(-1)!.text).toContain('2 applications were copied');
    // another user of the school cannot follow someone else's copy
    expect((await call('GET', `/application/copy-to-school-year/${id}`, { token: w.tokens.school })).status).toBe(404);
  });

  it('is idempotent: an interrupted copy run again, and a finished one run twice, make no duplicates', async () => {
    const n = COPY_CHUNK + 30;
    await ctx.db.execute(sql`
      WITH people AS (
        INSERT INTO applicant (id_school, first_name, last_name)
        SELECT ${w.schoolA.id_school}, 'Copy', 'Child ' || i FROM generate_series(1, ${n}) i RETURNING id_applicant
      )
      INSERT INTO application (id_school, id_campus, id_campus_year, id_school_year, correlative, id_applicant, id_status)
      SELECT ${w.schoolA.id_school}, ${w.campuses.a1.id_campus}, ${w.periods.a1.id_campus_year}, 3,
        500000 + row_number() OVER (ORDER BY id_applicant), id_applicant, ${STATUS.LEAD} FROM people`);
    const sources = (
      await ctx.db
        .select({ id: s.application.id_application })
        .from(s.application)
        .where(sql`${s.application.correlative} > 500000`)
    ).map((r) => r.id);
    expect(sources).toHaveLength(n);
    const copy = await repo.insertCopy(ctx.db, {
      id_school: w.schoolA.id_school,
      id_user: null,
      id_school_year: 4,
      applicationIds: sources,
      total: n,
    });
    // the first chunk was copied before the process died
    await ctx.db.transaction((tx) =>
      repo.copyChunk(
        tx,
        { id_school: w.schoolA.id_school, id_school_year: 4, ids: sources.slice(0, COPY_CHUNK), id_user: null },
        [1],
        3,
      ),
    );
    const queued: unknown[] = [];
    const context = {
      db: ctx.db,
      secrets: ctx.secrets,
      log: ctx.app.log,
      mailer: { send: async () => undefined },
      jobs: { enqueue: async (_tx: unknown, _job: unknown, payload: unknown) => (queued.push(payload), null) },
    } as unknown as JobContext;
    await copyApplications.handle({ id_application_copy: copy.id_application_copy }, context, {
      number: 2,
      last: false,
    });
    // a retry after it had finished (status put back as if the 'done' mark were lost) changes nothing
    await repo.updateCopy(ctx.db, copy.id_application_copy, { status: 'working' });
    await copyApplications.handle({ id_application_copy: copy.id_application_copy }, context, {
      number: 3,
      last: false,
    });
    await copyApplications.handle({ id_application_copy: copy.id_application_copy }, context, {
      number: 4,
      last: true,
    });
    const copies = await ctx.db
      .select({ from: s.application.copiedFrom })
      .from(s.application)
      .where(
        and(
          sql`${s.application.copiedFrom} IN (${sql.join(
            sources.map((x) => sql`${x}`),
            sql`, `,
          )})`,
          eq(s.application.id_school_year, 4),
        ),
      );
    expect(copies).toHaveLength(n);
    expect(new Set(copies.map((c) => c.from)).size).toBe(n);
    const [row] = await ctx.db
      .select()
      .from(s.applicationCopy)
      .where(eq(s.applicationCopy.id_application_copy, copy.id_application_copy));
    expect(row).toMatchObject({ status: 'done', processed: n });
    const correlatives = await ctx.db
      .select({ n: sql<number>`count(*)::int`, d: sql<number>`count(DISTINCT ${s.application.correlative})::int` })
      .from(s.application)
      .where(eq(s.application.id_school, w.schoolA.id_school));
    expect(correlatives[0].n).toBe(correlatives[0].d);
    // the database itself refuses a second live copy of an application in a school year
    const [one] = await ctx.db.select().from(s.application).where(eq(s.application.copiedFrom, sources[0]));
    await expect(
      ctx.db.insert(s.application).values({ ...one, id_application: undefined, correlative: 999_999 }),
    ).rejects.toThrow();
  });
});
