import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationNote } from '@openseat/shared/schemas/application-records';
import * as s from '../db/schema/index';
import { deleteExpiredKeys } from './idempotency.repository';
import { apiClient, startTestApp, type TestContext } from '../test/harness';
import { recordsWorld } from '../test/records-setup';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let w: Awaited<ReturnType<typeof recordsWorld>>;
type Created = { message: string; data: ApplicationNote };

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  w = await recordsWorld(ctx);
});
afterAll(() => ctx?.close());

const notesOf = async (id_application: number) =>
  ctx.db.select().from(s.applicationNote).where(eq(s.applicationNote.id_application, id_application));

const addNote = (key: string, note: string, token = w.tokens.campus) =>
  call<Created>('POST', '/application/notes', {
    token,
    body: { id_application: w.apps.a1.id_application, note },
    headers: { 'idempotency-key': key },
  });

describe('Idempotency-Key', () => {
  it('makes one note of a double submit sent at once, and answers both with it', async () => {
    const before = (await notesOf(w.apps.a1.id_application)).length;
    const [first, second] = await Promise.all([
      addNote('double-1', 'Called twice'),
      addNote('double-1', 'Called twice'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.data.id_application_note).toBe(first.body.data.id_application_note);
    expect((await notesOf(w.apps.a1.id_application)).length).toBe(before + 1);
  });

  it('replays the stored answer to a later repeat, and runs a new key afresh', async () => {
    const first = await addNote('later-1', 'Visit on Friday');
    const again = await addNote('later-1', 'Visit on Friday');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const fresh = await addNote('later-2', 'Visit on Friday');
    expect(fresh.body.data.id_application_note).not.toBe(first.body.data.id_application_note);
  });

  it('refuses the same key with another body (422) and writes nothing', async () => {
    await addNote('reused-1', 'First text');
    const before = (await notesOf(w.apps.a1.id_application)).length;
    const other = await addNote('reused-1', 'Another text');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'UNPROCESSABLE' });
    expect((await notesOf(w.apps.a1.id_application)).length).toBe(before);
  });

  it("keeps one caller's key apart from another's", async () => {
    const mine = await addNote('shared-1', 'Same key, two users');
    const theirs = await addNote('shared-1', 'Same key, two users', w.tokens.school);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.id_application_note).not.toBe(mine.body.data.id_application_note);
  });

  it('lets a repeat run again after a refused first request (nothing stored)', async () => {
    const refused = await addNote('refused-1', '   ');
    expect(refused.status).toBe(400);
    const rows = await ctx.db.select().from(s.idempotencyKey).where(eq(s.idempotencyKey.state, 'running'));
    expect(rows).toEqual([]);
  });

  it('refuses a malformed key (400) and expired records are swept', async () => {
    const bad = await addNote('x'.repeat(300), 'Too long a key');
    expect(bad.status).toBe(400);
    await ctx.db.update(s.idempotencyKey).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await deleteExpiredKeys(ctx.db)).toBeGreaterThan(0);
    expect(await ctx.db.select().from(s.idempotencyKey)).toEqual([]);
  });
});
