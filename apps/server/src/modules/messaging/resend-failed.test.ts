import { inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { FailedMessages, ResendFailedResult } from '@openseat/shared/schemas/communication';
import * as s from '../../db/schema/index';
import { createRoleWith } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { tokenFor } from '../../test/session';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { until } from '../../test/until';

/*
 * Failed messages sent again in bulk (issue 20, item 7): scoped to the caller, filtered, idempotent.
 */

let ctx: TestContext;
let smtp: TestSmtpServer;
let call: ReturnType<typeof apiClient>;
let admin: string;
let campusUser: string;
type Campus = { id_school: number; id_campus: number };
let a1: Campus;
let a2: Campus;
let b1: Campus;

const OUTAGE_START = '2026-11-20T10:00:00.000Z';
const OUTAGE_END = '2026-11-20T10:15:00.000Z';
const DURING = '2026-11-20T10:05:00.000Z';
const BEFORE = '2026-11-19T08:00:00.000Z';

let nextKey = 0;
async function message(
  campus: Campus,
  spec: { recipient: string; channel?: 'email' | 'sms'; status?: string; createdAt?: string },
) {
  const [row] = await ctx.db
    .insert(s.messageOutbox)
    .values({
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      idempotencyKey: `resend-failed-test:${++nextKey}`,
      channel: spec.channel ?? 'email',
      id_message_type: 3,
      recipient: spec.recipient,
      subject: spec.channel === 'sms' ? null : `Offer for ${spec.recipient}`,
      body: 'Your seat is offered.',
      status: spec.status ?? 'failed',
      attempts: 5,
      lastError: 'SMTP 451 try later',
      createdAt: new Date(spec.createdAt ?? DURING),
    })
    .returning();
  return row;
}

const copiesOf = (ids: number[]) =>
  ctx.db
    .select()
    .from(s.messageOutbox)
    .where(
      inArray(
        s.messageOutbox.idempotencyKey,
        ids.map((id) => `resend-failed:${id}`),
      ),
    );

const count = (token: string, query: string) =>
  call<FailedMessages>('GET', `/communication/failed${query ? `?${query}` : ''}`, { token });
const resend = (token: string, body: unknown, lng = 'en') =>
  call<{ message: string; data: ResendFailedResult }>('POST', '/communication/resend-failed', {
    token,
    body,
    headers: { 'accept-language': lng },
  });

let outage: Array<typeof s.messageOutbox.$inferSelect>;
let foreign: Array<typeof s.messageOutbox.$inferSelect>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await startTestApp({ smtpUrl: smtp.url });
  call = apiClient(ctx.baseUrl);
  const schoolA = await createSchool(ctx.db);
  a1 = await createCampus(ctx.db, schoolA.id_school);
  a2 = await createCampus(ctx.db, schoolA.id_school);
  const schoolB = await createSchool(ctx.db);
  b1 = await createCampus(ctx.db, schoolB.id_school);
  admin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA.id_school });
  const role = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, [['application', 'resend_email']]);
  campusUser = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: a1.id_school,
    id_campus: a1.id_campus,
    role: role.name,
  });
  // the outage: e-mails of both campuses of A and of school B failed after all their tries
  outage = [
    await message(a1, { recipient: 'one@example.org' }),
    await message(a1, { recipient: 'two@example.org' }),
    await message(a2, { recipient: 'three@example.org' }),
  ];
  await message(a1, { recipient: '+15550001234', channel: 'sms' });
  await message(a1, { recipient: 'earlier@example.org', createdAt: BEFORE });
  await message(a1, { recipient: 'fine@example.org', status: 'sent' });
  foreign = [
    await message(b1, { recipient: 'beta.one@example.org' }),
    await message(b1, { recipient: 'beta.two@example.org' }),
  ];
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('GET /communication/failed', () => {
  it("counts the caller's failed messages by channel, time range and campus", async () => {
    expect((await count(admin, '')).body).toMatchObject({ failed: 5, resent: { total: 0 } });
    expect((await count(admin, 'channel=email')).body.failed).toBe(4);
    const range = `channel=email&from=${OUTAGE_START}&to=${OUTAGE_END}`;
    expect((await count(admin, range)).body.failed).toBe(3);
    expect((await count(admin, `${range}&id_campus=${a2.id_campus}`)).body.failed).toBe(1);
    // a campus user sees its campus only
    expect((await count(campusUser, '')).body.failed).toBe(4);
  });

  it("is 404 for a campus or school out of the caller's reach", async () => {
    expect((await count(admin, `id_campus=${b1.id_campus}`)).status).toBe(404);
    expect((await count(admin, `id_school=${b1.id_school}`)).status).toBe(404);
    expect((await count(campusUser, `id_campus=${a2.id_campus}`)).status).toBe(404);
  });
});

describe('POST /communication/resend-failed', () => {
  it('refuses bad input with 400 and its message, and writes nothing', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.messageOutbox);
    const bad = [
      { channel: 'fax' },
      { from: 'yesterday' },
      { from: OUTAGE_END, to: OUTAGE_START },
      { id_campus: 0 },
      { id_campus: 'north' },
    ];
    for (const body of bad) {
      const res = await resend(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const es = await resend(admin, { from: OUTAGE_END, to: OUTAGE_START }, 'es');
    expect(es).toMatchObject({ status: 400, body: { message: 'La fecha seleccionada está fuera de rango.' } });
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.messageOutbox);
    expect(after[0].n).toBe(before[0].n);
  });

  it("resends the outage's e-mails once each, even when submitted twice at once, and leaves school B's alone", async () => {
    const filter = { channel: 'email', from: OUTAGE_START, to: OUTAGE_END };
    // a double submit: both requests at once
    const [first, second] = await Promise.all([resend(admin, filter), resend(admin, filter)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.data.resent + second.body.data.resent).toBe(3);
    expect(first.body.data.remaining).toBe(0);
    expect(first.body.message).toMatch(/queued to be sent again/);

    const copies = await copiesOf(outage.map((m) => m.id_message));
    expect(copies).toHaveLength(3);
    expect(copies.map((c) => c.recipient).sort()).toEqual(['one@example.org', 'three@example.org', 'two@example.org']);
    await until('the copies sent', async () => {
      const rows = await copiesOf(outage.map((m) => m.id_message));
      return rows.every((r) => r.status === 'sent') && rows;
    });
    const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
    for (const address of ['one@example.org', 'two@example.org', 'three@example.org'])
      expect(mailTo(address), address).toHaveLength(1);

    // a retry later finds nothing left to send, and the progress shows the copies delivered to the provider
    const retry = await resend(admin, filter);
    expect(retry.body.data).toEqual({ matched: 0, resent: 0, remaining: 0 });
    expect((await count(admin, 'channel=email&from=' + OUTAGE_START + '&to=' + OUTAGE_END)).body).toMatchObject({
      failed: 0,
      resent: { sent: 3, total: 3 },
    });
    expect(smtp.received.filter((m) => m.to.some((t) => t.startsWith('one@')))).toHaveLength(1);

    // school B's failed messages: no copy, still failed, nothing sent to them
    expect(await copiesOf(foreign.map((m) => m.id_message))).toHaveLength(0);
    const theirs = await ctx.db
      .select()
      .from(s.messageOutbox)
      .where(
        inArray(
          s.messageOutbox.id_message,
          foreign.map((m) => m.id_message),
        ),
      );
    expect(theirs.map((m) => m.status)).toEqual(['failed', 'failed']);
    expect(smtp.received.filter((m) => m.to.some((t) => t.startsWith('beta.')))).toHaveLength(0);
  });

  it("a campus user resends its campus's messages only", async () => {
    const res = await resend(campusUser, {});
    // A1's SMS and its earlier e-mail; A2 had none left, and never another school's
    expect(res.body.data).toMatchObject({ matched: 2, resent: 2, remaining: 0 });
    const copies = await ctx.db
      .select()
      .from(s.messageOutbox)
      .where(like(s.messageOutbox.idempotencyKey, 'resend-failed:%'));
    expect(copies).toHaveLength(5);
    expect(copies.every((c) => c.id_school === a1.id_school)).toBe(true);
    expect((await count(admin, '')).body.failed).toBe(0);
  });
});
