import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { FeedbackRow } from '@openseat/shared/schemas/feedback';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser, type UserSpec } from '../../test/factories';
import { pngImage, storedFiles } from '../../test/people-factories';
import { signIn } from '../../test/session';
import { removeStoredFile } from '../../lib/form-upload';
import { loadConfig } from '../../config';

const dataDir = loadConfig({ NODE_ENV: 'test', PORT: '0' }).dataDir;
let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let schoolA: number;
let campusA1: number;
let campusA2: number;
let schoolB: number;
let superToken: string;
let schoolToken: string;
let campusToken: string;
let campus2Token: string;
let otherSchoolToken: string;
let otherSchoolMate: string;

type Reply = { message: string; errors?: Array<{ path: string; message: string }>; data: FeedbackRow };
type Image = { bytes: Buffer; name: string; type: string };

async function tokenOf(spec: UserSpec) {
  return (await signIn(ctx.baseUrl, (await createUser(ctx.db, spec)).email)).accessToken;
}

/** POST or PUT /feedback as multipart: the fields as strings, plus an optional `screen_shot` part. */
function send(method: 'POST' | 'PUT', path: string, token: string, fields: Record<string, string>, image?: Image) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append('screen_shot', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return fetch(`${ctx.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    body: form,
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Reply }));
}

const png: Image = { bytes: pngImage(7), name: 'page.png', type: 'image/png' };
const valid = (title = 'Broken button') => ({
  title,
  id_feedback_type: '1',
  description: 'The save button does nothing on the campus screen.',
  url: 'http://localhost:5173/main/campuses',
});

const stored = async (id: number) => (await ctx.db.select().from(s.feedback).where(eq(s.feedback.id_feedback, id)))[0];

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  schoolA = (await createSchool(ctx.db)).id_school;
  campusA1 = (await createCampus(ctx.db, schoolA)).id_campus;
  campusA2 = (await createCampus(ctx.db, schoolA)).id_campus;
  schoolB = (await createSchool(ctx.db)).id_school;
  superToken = await tokenOf({ context: CONTEXT_TYPE.SYSTEM });
  schoolToken = await tokenOf({ context: CONTEXT_TYPE.SCHOOL, id_school: schoolA });
  campusToken = await tokenOf({ context: CONTEXT_TYPE.CAMPUS, id_school: schoolA, id_campus: campusA1 });
  campus2Token = await tokenOf({ context: CONTEXT_TYPE.CAMPUS, id_school: schoolA, id_campus: campusA2 });
  otherSchoolToken = await tokenOf({ context: CONTEXT_TYPE.SCHOOL, id_school: schoolB });
  otherSchoolMate = await tokenOf({ context: CONTEXT_TYPE.SCHOOL, id_school: schoolB });
});

afterAll(async () => {
  // the screenshots this file stored under the shared data directory
  for (const { file } of (await ctx?.db.select({ file: s.feedback.screen_shot }).from(s.feedback)) ?? [])
    if (file) await removeStoredFile(dataDir, file);
  await ctx?.close();
});

describe('POST /feedback validation', () => {
  it("answers the spec's messages for the description", async () => {
    const short = await send('POST', '/feedback', campusToken, { ...valid(), description: 'too few' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toContainEqual({ path: 'description', message: 'Description is too short' });
    const missing = await send('POST', '/feedback', campusToken, { ...valid(), description: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContainEqual({ path: 'description', message: 'Description is required' });
    const absent = await send('POST', '/feedback', campusToken, { title: 'x', id_feedback_type: '1' });
    expect(absent.body.errors).toContainEqual({ path: 'description', message: 'Description is required' });
  });

  it('refuses a missing title, an unknown type and a javascript: url, storing nothing', async () => {
    const before = (await ctx.db.select().from(s.feedback)).length;
    const files = storedFiles(dataDir, 'feedback').length;
    for (const fields of [
      { ...valid(), title: '' },
      { ...valid(), id_feedback_type: '999' },
      { ...valid(), url: 'javascript:alert(1)' },
    ]) {
      const res = await send('POST', '/feedback', campusToken, fields, png);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
    }
    expect((await ctx.db.select().from(s.feedback)).length).toBe(before);
    expect(storedFiles(dataDir, 'feedback').length).toBe(files);
  });

  it('refuses a file that is not an image, by its content', async () => {
    const fake: Image = {
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
      name: 'x.png',
      type: 'image/png',
    };
    const res = await send('POST', '/feedback', campusToken, valid(), fake);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'screen_shot', message: 'The file must be a PNG, JPEG or WebP image.' }]);
    const huge: Image = {
      bytes: Buffer.concat([pngImage(1), Buffer.alloc(3 * 1024 * 1024)]),
      name: 'h.png',
      type: 'image/png',
    };
    expect((await send('POST', '/feedback', campusToken, valid(), huge)).status).toBe(413);
  });
});

describe('screenshot stored and served', () => {
  it('stores the image outside the web root and serves it only in scope', async () => {
    const res = await send('POST', '/feedback', campusToken, valid('With image'), png);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = res.body.data;
    expect(row.screen_shot).toBe(`/api/feedback/${row.id_feedback}/screenshot`);
    expect(row.id_school).toBe(schoolA);
    expect(row.id_campus).toBe(campusA1);
    expect(row.id_status_feedback).toBe(1);
    expect(row.isOwn).toBe(true);
    const db = await stored(row.id_feedback);
    expect(db.screen_shot).toMatch(/^feedback\/[0-9a-f]{32}\.png$/);

    const image = await fetch(`${ctx.baseUrl}${row.screen_shot}`, {
      headers: { authorization: `Bearer ${schoolToken}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.format).toBe('png');

    for (const token of [otherSchoolToken, campus2Token]) {
      const foreign = await fetch(`${ctx.baseUrl}${row.screen_shot}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(foreign.status).toBe(404);
    }
    expect((await fetch(`${ctx.baseUrl}${row.screen_shot}`)).status).toBe(401);

    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entity, 'feedback'), eq(s.auditLog.entityId, String(row.id_feedback))));
    expect(audit.map((a) => a.action)).toEqual(['feedback.create']);
  });

  it('id_school and id_campus come from the caller, never from the body', async () => {
    const res = await send('POST', '/feedback', otherSchoolToken, {
      ...valid(),
      id_school: String(schoolA),
      id_campus: String(campusA1),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.id_school).toBe(schoolB);
    expect(res.body.data.id_campus).toBeNull();
    const system = await send('POST', '/feedback', superToken, { ...valid(), id_school: String(schoolA) });
    expect(system.body.data.id_school).toBeNull();
  });
});

describe('list and scope', () => {
  it("lists the school's feedback for a school user, the campus's for a campus user, all for system users", async () => {
    const mine = (await send('POST', '/feedback', campus2Token, valid('Campus two note'))).body.data;
    const list = async (token: string, query = '') =>
      (await call<{ data: FeedbackRow[]; total: number }>('GET', `/feedback?pageSize=100${query}`, { token })).body;
    const school = await list(schoolToken);
    expect(school.data.every((r) => r.id_school === schoolA)).toBe(true);
    expect(school.data.map((r) => r.id_feedback)).toContain(mine.id_feedback);
    const campus = await list(campusToken);
    expect(campus.data.length).toBeGreaterThan(0);
    expect(campus.data.every((r) => r.id_campus === campusA1)).toBe(true);
    const everything = await list(superToken);
    expect(everything.data.some((r) => r.id_school === schoolB)).toBe(true);
    expect(everything.data.some((r) => r.id_school === schoolA)).toBe(true);
    expect(school.data.find((r) => r.id_feedback === mine.id_feedback)?.authorName).toMatch(/^User \d+$/);

    const searched = await list(schoolToken, '&text=campus%20two');
    expect(searched.data.map((r) => r.id_feedback)).toEqual([mine.id_feedback]);
    const done = await list(schoolToken, '&id_status_feedback=3');
    expect(done.total).toBe(0);
  });

  it("another school's feedback is 404 to read, change and delete", async () => {
    const theirs = (await send('POST', '/feedback', otherSchoolToken, valid('Theirs'), png)).body.data;
    expect((await call('GET', `/feedback/${theirs.id_feedback}`, { token: schoolToken })).status).toBe(404);
    const put = await send('PUT', `/feedback/${theirs.id_feedback}`, schoolToken, { title: 'Mine now' });
    expect(put.status).toBe(404);
    expect((await call('DELETE', `/feedback/${theirs.id_feedback}`, { token: schoolToken })).status).toBe(404);
    expect((await stored(theirs.id_feedback)).title).toBe('Theirs');
  });
});

describe('PUT /feedback/:id', () => {
  it('the author edits the fields and replaces or removes the screenshot', async () => {
    const row = (await send('POST', '/feedback', schoolToken, valid('Before'), png)).body.data;
    const first = (await stored(row.id_feedback)).screen_shot!;
    const res = await send(
      'PUT',
      `/feedback/${row.id_feedback}`,
      schoolToken,
      { title: 'After', id_feedback_type: '2', description: 'A longer description now.' },
      { bytes: pngImage(200), name: 'b.png', type: 'image/png' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'After', id_feedback_type: 2, feedbackType: 'suggestion' });
    const second = (await stored(row.id_feedback)).screen_shot!;
    expect(second).not.toBe(first);
    expect(storedFiles(dataDir, 'feedback')).not.toContain(first);
    expect(storedFiles(dataDir, 'feedback')).toContain(second);

    const short = await send('PUT', `/feedback/${row.id_feedback}`, schoolToken, { description: 'short' });
    expect(short.body.errors).toContainEqual({ path: 'description', message: 'Description is too short' });

    const removed = await send('PUT', `/feedback/${row.id_feedback}`, schoolToken, { removeScreenShot: 'true' });
    expect(removed.body.data.screen_shot).toBeNull();
    expect(storedFiles(dataDir, 'feedback')).not.toContain(second);
  });

  it('only system users change the status; others may not edit what they did not write', async () => {
    const row = (await send('POST', '/feedback', otherSchoolToken, valid('Status'))).body.data;
    const byAuthor = await send('PUT', `/feedback/${row.id_feedback}`, otherSchoolToken, { id_status_feedback: '3' });
    expect(byAuthor.status).toBe(403);
    const byMate = await send('PUT', `/feedback/${row.id_feedback}`, otherSchoolMate, { title: 'Not mine' });
    expect(byMate.status).toBe(403);
    expect(await stored(row.id_feedback)).toMatchObject({ id_status_feedback: 1, title: 'Status' });

    const bad = await send('PUT', `/feedback/${row.id_feedback}`, superToken, { id_status_feedback: '4' });
    expect(bad.status).toBe(400);
    const working = await send('PUT', `/feedback/${row.id_feedback}`, superToken, { id_status_feedback: '2' });
    expect(working.status, JSON.stringify(working.body)).toBe(200);
    expect(working.body.data).toMatchObject({ id_status_feedback: 2, statusFeedback: 'working on it' });
    const sysEdit = await send('PUT', `/feedback/${row.id_feedback}`, superToken, { title: 'Renamed by support' });
    expect(sysEdit.status).toBe(403);
    // the author may send the unchanged status with its edit (the dialog sends the whole form)
    const again = await send('PUT', `/feedback/${row.id_feedback}`, otherSchoolToken, {
      title: 'Status edited',
      id_status_feedback: '2',
    });
    expect(again.status).toBe(200);
  });
});

describe('DELETE /feedback/:id', () => {
  it('the author or a system user deletes it, with its screenshot; a colleague may not', async () => {
    const row = (await send('POST', '/feedback', otherSchoolToken, valid('Delete me'), png)).body.data;
    const file = (await stored(row.id_feedback)).screen_shot!;
    expect((await call('DELETE', `/feedback/${row.id_feedback}`, { token: otherSchoolMate })).status).toBe(403);
    const res = await call('DELETE', `/feedback/${row.id_feedback}`, { token: otherSchoolToken });
    expect(res.status).toBe(200);
    expect(await stored(row.id_feedback)).toBeUndefined();
    expect(storedFiles(dataDir, 'feedback')).not.toContain(file);
    expect((await call('GET', `/feedback/${row.id_feedback}`, { token: otherSchoolToken })).status).toBe(404);

    const other = (await send('POST', '/feedback', campusToken, valid('Support deletes'))).body.data;
    expect((await call('DELETE', `/feedback/${other.id_feedback}`, { token: superToken })).status).toBe(200);
  });
});
