import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { AdminAuditPage, AdminJob, AdminJobsPage } from '@openseat/shared/schemas/admin';
import * as s from '../../db/schema/index';
import { createUser } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { recordsWorld } from '../../test/records-setup';
import { signIn, tokenFor } from '../../test/session';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let w: Awaited<ReturnType<typeof recordsWorld>>;
let superadmin = '';

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  w = await recordsWorld(ctx);
  superadmin = await tokenFor(ctx, { context: CONTEXT_TYPE.SYSTEM });
});
afterAll(() => ctx?.close());

/** A job that failed, as pg-boss keeps one: in its own table, with the error in `output`. */
async function failedJob(name: string, message: string): Promise<string> {
  const result = (await ctx.db.execute(sql`
    INSERT INTO pgboss.job (name, data, state, retry_limit, retry_count, started_on, completed_on, output)
    VALUES (${name}, '{}'::jsonb, 'failed', 0, 0, now(), now(), ${JSON.stringify({ message })}::jsonb)
    RETURNING id::text AS id`)) as unknown as { rows: Array<{ id: string }> };
  return result.rows[0].id;
}

async function jobState(id: string): Promise<string> {
  const result = (await ctx.db.execute(
    sql`SELECT state::text AS state FROM pgboss.job WHERE id = ${id}::uuid`,
  )) as unknown as { rows: Array<{ state: string }> };
  return result.rows[0].state;
}

describe('background jobs', () => {
  it('lists a failed job with its error, never its payload, and counts it per queue and state', async () => {
    const id = await failedJob('outbox.dispatch', 'SMTP refused the batch');
    const res = await call<AdminJobsPage>('GET', '/admin/jobs?state=failed&name=outbox.dispatch', {
      token: superadmin,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const job = res.body.data.find((j) => j.id === id);
    expect(job).toMatchObject({ name: 'outbox.dispatch', state: 'failed', retryCount: 0 });
    expect(job!.error).toContain('SMTP refused the batch');
    expect(job).not.toHaveProperty('data');
    expect(res.body.data.every((j) => j.state === 'failed' && j.name === 'outbox.dispatch')).toBe(true);
    expect(res.body.counts).toContainEqual({ name: 'outbox.dispatch', state: 'failed', count: res.body.total });

    const active = await call<AdminJobsPage>('GET', '/admin/jobs?state=completed', { token: superadmin });
    expect(active.status).toBe(200);
    expect(active.body.data.some((j) => j.id === id)).toBe(false);
  });

  it('retries a failed job through pg-boss: it leaves failed and the worker runs it to completion', async () => {
    const id = await failedJob('outbox.dispatch', 'temporary failure');
    const res = await call<{ message: string; data: AdminJob }>('POST', `/admin/jobs/${id}/retry`, {
      token: superadmin,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('The job will run again.');
    expect(res.body.data.state).not.toBe('failed');
    await expect.poll(() => jobState(id), { timeout: 15_000 }).toBe('completed');

    const again = await call<{ message: string }>('POST', `/admin/jobs/${id}/retry`, { token: superadmin });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a failed job can be retried.');
    const audit = await call<AdminAuditPage>('GET', `/admin/audit?action=job.retry&entityId=${id}`, {
      token: superadmin,
    });
    expect(audit.body).toMatchObject({ total: 1, totalExact: true });
  });

  it('answers 404 for a job that does not exist and 400 for an id that is not one', async () => {
    const missing = await call('POST', '/admin/jobs/00000000-0000-4000-8000-000000000000/retry', {
      token: superadmin,
    });
    expect(missing.status).toBe(404);
    const bad = await call('POST', '/admin/jobs/12/retry', { token: superadmin });
    expect(bad.status).toBe(400);
    const badState = await call('GET', '/admin/jobs?state=sleeping', { token: superadmin });
    expect(badState.status).toBe(400);
  });
});

describe('audit log', () => {
  it('filters by user, action, record and date range, newest first, with user and school names', async () => {
    const alice = await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: w.schoolA.id_school });
    const bob = await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM });
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    await ctx.db.insert(s.auditLog).values([
      {
        id_user: alice.id_user,
        id_school: w.schoolA.id_school,
        action: 'zz.edit',
        entity: 'zz',
        entityId: '1',
        createdAt: at('2020-01-10'),
        changes: { name: { from: 'a', to: 'b' } },
      },
      {
        id_user: alice.id_user,
        id_school: w.schoolA.id_school,
        action: 'zz.view',
        entity: 'zz',
        entityId: '2',
        createdAt: at('2020-01-20'),
      },
      {
        id_user: bob.id_user,
        id_school: null,
        action: 'zz.edit',
        entity: 'zz',
        entityId: '1',
        createdAt: at('2020-02-05'),
      },
      {
        id_user: bob.id_user,
        id_school: w.schoolB.id_school,
        action: 'zz.edit',
        entity: 'yy',
        entityId: '1',
        createdAt: at('2020-03-01'),
      },
    ]);
    const get = async (query: string) => {
      const res = await call<AdminAuditPage>('GET', `/admin/audit?${query}`, { token: superadmin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const byAlice = await get(`id_user=${alice.id_user}`);
    expect(byAlice.data.map((r) => r.action)).toEqual(['zz.view', 'zz.edit']);
    expect(byAlice.data[1]).toMatchObject({
      userName: alice.name,
      schoolName: 'Records Academy',
      entity: 'zz',
      entityId: '1',
      changes: { name: { from: 'a', to: 'b' } },
      createdAt: '2020-01-10T12:00:00.000Z',
    });
    // who, by part of the name or e-mail in any case
    const byEmail = await get(`who=${encodeURIComponent(alice.email.toUpperCase())}`);
    expect(byEmail.data.map((r) => r.action)).toEqual(['zz.view', 'zz.edit']);
    const byName = await get(`who=${encodeURIComponent(bob.name.toLowerCase())}`);
    expect(byName.data.map((r) => r.action)).toContain('zz.edit');
    expect(byName.data.every((r) => r.userName?.includes(bob.name))).toBe(true);
    expect((await get('who=nobody-is-called-this')).total).toBe(0);
    const edits = await get('action=zz.edit');
    expect(edits.data.map((r) => r.createdAt.slice(0, 10))).toEqual(['2020-03-01', '2020-02-05', '2020-01-10']);
    expect((await get('action=zz.edit&entity=zz&entityId=1')).total).toBe(2);
    const range = await get('entity=zz&from=2020-01-20&to=2020-02-05');
    expect(range.data.map((r) => r.createdAt.slice(0, 10))).toEqual(['2020-02-05', '2020-01-20']);
    expect((await get(`action=zz.edit&id_school=${w.schoolB.id_school}`)).data).toHaveLength(1);
    const bad = await call<{ errors: Array<{ path: string }> }>('GET', '/admin/audit?from=2020-13-01', {
      token: superadmin,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.path)).toEqual(['from']);
  });

  it('records an export of applications and the read of an application, who and when', async () => {
    const before = new Date().toISOString().slice(0, 10);
    const schoolAdmin = await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: w.schoolA.id_school });
    const token = (await signIn(ctx.baseUrl, schoolAdmin.email)).accessToken;
    const exported = await fetch(`${ctx.baseUrl}/api/application/export?format=application`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();
    const detail = await call('GET', `/application/${w.apps.a1.id_application}`, { token });
    expect(detail.status).toBe(200);

    const res = await call<AdminAuditPage>(
      'GET',
      `/admin/audit?id_user=${schoolAdmin.id_user}&entity=application&from=${before}&to=${before}`,
      { token: superadmin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.action)).toEqual(['application.view', 'application.export']);
    expect(res.body.data[1]).toMatchObject({
      entity: 'application',
      userName: schoolAdmin.name,
      schoolName: 'Records Academy',
      changes: { format: 'application' },
    });
    expect(res.body.data[0]).toMatchObject({ entityId: String(w.apps.a1.id_application) });
  });
});

describe('who may use the console', () => {
  it('refuses school and campus users, even a school admin who holds audit_log access', async () => {
    for (const token of [w.tokens.school, w.tokens.campus]) {
      for (const path of ['/admin/jobs', '/admin/audit']) expect((await call('GET', path, { token })).status).toBe(403);
      const retry = await call('POST', '/admin/jobs/00000000-0000-4000-8000-000000000000/retry', { token });
      expect(retry.status).toBe(403);
    }
    expect((await call('GET', '/admin/audit')).status).toBe(401);
  });
});
