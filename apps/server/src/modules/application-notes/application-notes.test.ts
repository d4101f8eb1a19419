import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationNote } from '@openseat/shared/schemas/application-records';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { recordsWorld } from '../../test/records-setup';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let w: Awaited<ReturnType<typeof recordsWorld>>;
type Refusal = { message: string; errors?: Array<{ path: string; message: string }> };

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  w = await recordsWorld(ctx, [['application', 'view_notes']]);
});
afterAll(() => ctx?.close());

describe('application notes', () => {
  it('adds a note with its author and audits it without its text', async () => {
    const res = await call<{ message: string; data: ApplicationNote }>('POST', '/application/notes', {
      token: w.tokens.campus,
      body: { id_application: w.apps.a1.id_application, note: '  Called the family, will visit Friday.  ' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Note added.');
    expect(res.body.data).toMatchObject({
      id_application: w.apps.a1.id_application,
      note: 'Called the family, will visit Friday.',
      author: { name: expect.stringMatching(/^User /) },
    });
    const [audit] = await ctx.db
      .select()
      .from(s.auditLog)
      .where(
        and(
          eq(s.auditLog.action, 'application.note.create'),
          eq(s.auditLog.entityId, String(w.apps.a1.id_application)),
        ),
      );
    expect(audit.changes).toEqual({ id_application_note: res.body.data.id_application_note });
  });

  it("lists an application's notes newest first; an author whose account is gone reads 'Unknown'", async () => {
    await ctx.db.insert(s.applicationNote).values({
      id_school: w.apps.a1.id_school,
      id_application: w.apps.a1.id_application,
      note: 'Written by a deleted account',
      id_user: null,
      createdAt: new Date(Date.now() + 60_000),
    });
    const res = await call<ApplicationNote[]>('GET', `/application/notes?id_application=${w.apps.a1.id_application}`, {
      token: w.tokens.limited,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((n) => n.note)).toEqual([
      'Written by a deleted account',
      'Called the family, will visit Friday.',
    ]);
    expect(res.body[0].author).toEqual({ id_user: null, name: 'Unknown' });
    const es = await call<ApplicationNote[]>('GET', `/application/notes?id_application=${w.apps.a1.id_application}`, {
      token: w.tokens.limited,
      headers: { 'accept-language': 'es' },
    });
    expect(es.body[0].author.name).toBe('Desconocido');
  });

  it('refuses an empty note with the spec message, in English and Spanish', async () => {
    const res = await call<Refusal>('POST', '/application/notes', {
      token: w.tokens.campus,
      body: { id_application: w.apps.a1.id_application, note: '   ' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'note', message: 'Required field.' }]);
    const es = await call<Refusal>('POST', '/application/notes', {
      token: w.tokens.campus,
      body: { id_application: w.apps.a1.id_application },
      headers: { 'accept-language': 'es' },
    });
    expect(es.body.errors).toEqual([{ path: 'note', message: 'Campo requerido' }]);
  });

  it('needs manage_notes to write and view_notes to read', async () => {
    const write = await call('POST', '/application/notes', {
      token: w.tokens.limited,
      body: { id_application: w.apps.a1.id_application, note: 'Not allowed' },
    });
    expect(write.status).toBe(403);
    expect((await call('GET', `/application/notes?id_application=${w.apps.a1.id_application}`)).status).toBe(401);
  });

  it("keeps another campus's and another school's applications out of reach, unchanged", async () => {
    for (const app of [w.apps.a2, w.apps.b1]) {
      const add = await call('POST', '/application/notes', {
        token: w.tokens.campus,
        body: { id_application: app.id_application, note: 'Planted' },
      });
      expect(add.status).toBe(404);
      const read = await call('GET', `/application/notes?id_application=${app.id_application}`, {
        token: w.tokens.campus,
      });
      expect(read.status).toBe(404);
    }
    const planted = await ctx.db.select().from(s.applicationNote).where(eq(s.applicationNote.note, 'Planted'));
    expect(planted).toHaveLength(0);
    // positive control: the school admin reaches a2
    const ok = await call('POST', '/application/notes', {
      token: w.tokens.school,
      body: { id_application: w.apps.a2.id_application, note: 'Fine here' },
    });
    expect(ok.status).toBe(200);
  });
});
