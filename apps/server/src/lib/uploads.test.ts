import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { loadConfig } from '../config';
import * as s from '../db/schema/index';
import { createCampus, createSchool, createUser } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { JPEG, PNG, WEBP, formatOf, samePixels } from '../test/images';
import { signIn } from '../test/session';
import { storedFilePath } from './uploads';

/** Uploads through the real campus route (multipart), as a SuperAdmin; what lands on disk is read back. */
let ctx: TestContext;
let token: string;
let campus: { id_campus: number; id_school: number };
const dataDir = loadConfig({ NODE_ENV: 'test', PORT: '0' }).dataDir;
const stored: string[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  const school = await createSchool(ctx.db, 'Upload School');
  campus = await createCampus(ctx.db, school.id_school, 'Upload Campus');
  token = (await signIn(ctx.baseUrl, (await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM })).email)).accessToken;
});
afterAll(async () => {
  for (const photo of stored) fs.rmSync(storedFilePath(dataDir, photo), { force: true });
  await ctx?.close();
});

type Photo = { bytes: Buffer; name: string; type: string };

async function putCampus(photo: Photo | null, extra: Array<[string, string]> = []) {
  const form = new FormData();
  form.append('id_campus', String(campus.id_campus));
  form.append('id_school', String(campus.id_school));
  form.append('name', 'Upload Campus');
  for (const [name, value] of extra) form.append(name, value);
  if (photo) form.append('photo', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  const res = await fetch(`${ctx.baseUrl}/api/campus`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { message: string; errors?: unknown[] } };
}

async function storedPhoto(): Promise<{ name: string; bytes: Buffer } | null> {
  const [row] = await ctx.db
    .select({ photo: s.campus.photo })
    .from(s.campus)
    .where(eq(s.campus.id_campus, campus.id_campus));
  if (!row?.photo) return null;
  stored.push(row.photo);
  return { name: row.photo, bytes: fs.readFileSync(storedFilePath(dataDir, row.photo)) };
}

const NOT_AN_IMAGE = 'The file must be a PNG, JPEG or WebP image.';

describe('uploaded images are decoded and stored re-encoded', () => {
  it('refuses a PNG signature followed by HTML, and stores nothing', async () => {
    const before = await storedPhoto();
    const html = Buffer.concat([PNG.subarray(0, 16), Buffer.from('<html><script>alert(document.cookie)</script>')]);
    const res = await putCampus({ bytes: html, name: 'evil.png', type: 'image/png' });
    expect(res).toMatchObject({ status: 400, body: { message: NOT_AN_IMAGE } });
    expect((await storedPhoto())?.name).toBe(before?.name);
  });

  it('stores a real PNG with a script appended as the pixels only', async () => {
    const polyglot = Buffer.concat([PNG, Buffer.from('<script>alert(1)</script>')]);
    const res = await putCampus({ bytes: polyglot, name: 'front.png', type: 'image/png' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const photo = (await storedPhoto())!;
    expect(photo.name).toMatch(/\.png$/);
    expect(photo.bytes.includes('<script')).toBe(false);
    expect(await formatOf(photo.bytes)).toBe('png');
    expect(await samePixels(photo.bytes, PNG)).toBe(true);
  });

  it('names and serves the type the content has, whatever the upload claims', async () => {
    const res = await putCampus({ bytes: JPEG, name: 'logo.png', type: 'image/png' });
    expect(res.status).toBe(200);
    const photo = (await storedPhoto())!;
    expect(photo.name).toMatch(/\.jpg$/);
    expect(await formatOf(photo.bytes)).toBe('jpeg');
    const served = await fetch(`${ctx.baseUrl}/api/campus/${campus.id_campus}/photo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(await samePixels(Buffer.from(await served.arrayBuffer()), JPEG, 8)).toBe(true);

    expect((await putCampus({ bytes: WEBP, name: 'x.webp', type: 'image/webp' })).status).toBe(200);
    expect(await formatOf((await storedPhoto())!.bytes)).toBe('webp');
  });

  it('drops the metadata of a photo (such as where it was taken)', async () => {
    const withExif = await sharp(JPEG)
      .withExif({ IFD0: { ImageDescription: 'taken-at-the-family-home' } })
      .jpeg()
      .toBuffer();
    expect(withExif.includes('taken-at-the-family-home')).toBe(true);
    expect((await putCampus({ bytes: withExif, name: 'me.jpg', type: 'image/jpeg' })).status).toBe(200);
    const photo = (await storedPhoto())!;
    expect(photo.bytes.includes('taken-at-the-family-home')).toBe(false);
    expect((await sharp(photo.bytes).metadata()).exif).toBeUndefined();
  });

  it('refuses a small file that claims a huge canvas (a decompression bomb)', async () => {
    const bomb = await sharp({ create: { width: 5100, height: 5100, channels: 3, background: '#ffffff' } })
      .png({ palette: true, colours: 2, compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await putCampus({ bytes: bomb, name: 'bomb.png', type: 'image/png' })).toMatchObject({
      status: 400,
      body: { message: NOT_AN_IMAGE },
    });
  });
});

describe('multipart fields', () => {
  it.each(['__proto__[]', '__proto__', 'constructor', 'constructor[]', 'prototype'])(
    'refuses a field named %s with 400 and pollutes nothing',
    async (name) => {
      const res = await putCampus(null, [[name, 'polluted']]);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('accepts the same form without it (positive control), arrays included', async () => {
    expect((await putCampus(null, [['tags[]', 'a']])).status).toBe(200);
  });

  it('refuses a NUL in a field with the text message', async () => {
    const res = await putCampus(null, [['description', 'a\u0000b']]);
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'The text contains characters that are not allowed.' },
    });
  });
});
