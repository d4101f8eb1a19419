import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type {
  DocumentUpload,
  FamilyRegistration,
  RegistrationChecklist,
  RegistrationItemInput,
} from '@openseat/shared/schemas/registration';
import * as s from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { PNG, samePixels } from '../../test/images';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { tokenFor } from '../../test/session';
import { until } from '../../test/until';

/*
 * Documents in the registration packet (issue 25): a resumable upload streamed to disk, the type read from the
 * bytes, images re-encoded, PDFs kept only when they are PDFs throughout; the file read only by its family and by
 * staff of its campus.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let dataDir: string;
let staff: string;
let school: { id_school: number };
let n = 0;
const SAME_SITE = { 'x-requested-with': 'fetch' };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-registration-'));
  ctx = await startTestApp({ env: { DATA_DIR: dataDir } });
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Document School');
  staff = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const words = (en: string, es: string) => ({ en, es });
const PHOTO: RegistrationItemInput = {
  kind: 'document',
  required: true,
  labels: words('Proof of address', 'Comprobante de domicilio'),
  help: null,
  document: { types: ['jpeg', 'png', 'webp', 'heic'], maxMb: 2 },
};
const CERTIFICATE: RegistrationItemInput = {
  kind: 'document',
  required: true,
  labels: words('Birth certificate', 'Acta de nacimiento'),
  help: null,
  document: { types: ['pdf'], maxMb: 1 },
};

/** A period with the two document items, a confirmed application of a guardian, and their portal cookie. */
async function packet() {
  const campus = await createCampus(ctx.db, school.id_school, `Document Campus ${++n}`);
  await createCampusGrades(ctx.db, campus, [3]);
  const period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 5 } });
  const saved = await call<{ data: RegistrationChecklist }>('PUT', '/registration/checklist', {
    token: staff,
    body: { id_campus_year: period.id_campus_year, items: [PHOTO, CERTIFICATE] },
  });
  const [photo, certificate] = saved.body.data.items.map((i) => i.id_registration_item);
  const email = `document.${n}@example.org`;
  const application = await createApplication(ctx.db, period, { id_status: STATUS.CONFIRMED, guardianEmail: email });
  return { campus, id: application.id_application, photo, certificate, cookie: await cookieFor(email) };
}

async function cookieFor(email: string) {
  const key = randomBytes(32).toString('base64url');
  await ctx.db
    .insert(s.guardianSession)
    .values({ keyHash: sha256(key), contactKey: email, kind: 'email', expiresAt: new Date(Date.now() + 3_600_000) });
  return `openseat_family=${key}`;
}

type Reply = DocumentUpload & { message?: string; code?: string };
const base = (id: number) => `/family/applications/${id}/registration`;

const start = (cookie: string, id: number, item: number, size: number, name = 'scan.bin') =>
  call<Reply>('POST', `${base(id)}/documents/${item}/uploads`, {
    body: { name, size },
    headers: { cookie, ...SAME_SITE },
  });

/** One chunk, as the portal sends it. */
async function chunk(cookie: string, id: number, id_upload: string, bytes: Buffer, from: number, size: number) {
  const res = await fetch(`${ctx.baseUrl}/api${base(id)}/uploads/${id_upload}`, {
    method: 'PUT',
    headers: {
      cookie,
      ...SAME_SITE,
      'content-type': 'application/octet-stream',
      'content-range': `bytes ${from}-${from + bytes.length - 1}/${size}`,
    },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as Reply };
}

/** The whole file in chunks of `size` bytes; answers the last reply. */
async function upload(cookie: string, id: number, item: number, file: Buffer, name = 'scan.bin', step = 256 * 1024) {
  const opened = await start(cookie, id, item, file.length, name);
  expect(opened.status).toBe(200);
  let last = { status: opened.status, body: opened.body };
  for (let at = 0; at < file.length; at += step) {
    last = await chunk(cookie, id, opened.body.id_upload, file.subarray(at, at + step), at, file.length);
    if (last.status !== 200) return last;
  }
  return last;
}

const download = async (url: string, headers: Record<string, string>) => {
  const res = await fetch(`${ctx.baseUrl}${url}`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};

const readPacket = (cookie: string, id: number) => call<FamilyRegistration>('GET', base(id), { headers: { cookie } });

const pdf = (body = '') =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      `${body}xref\n0 3\n0000000000 65535 f \ntrailer<</Size 3/Root 1 0 R>>\nstartxref\n9\n%%EOF\n`,
    'latin1',
  );

/** A ZIP's end-of-directory record whose comment ends in `%%EOF`: a PDF/ZIP polyglot's trick. */
const zipTail = Buffer.concat([
  Buffer.from('PK\x05\x06', 'latin1'),
  Buffer.alloc(16),
  Buffer.from([5, 0]),
  Buffer.from('%%EOF'),
]);

async function photoWithGps() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret-Exif-Owner', ImageDescription: 'Secret-Exif-Place' } })
    .toBuffer();
}

describe('uploading a document', () => {
  it('re-encodes a photo: same picture, no metadata, nothing appended; the packet and the staff show it', async () => {
    const { id, photo, cookie, campus } = await packet();
    const original = await photoWithGps();
    expect(original.includes('Secret-Exif-Place')).toBe(true);
    // an image with a script appended: decoded and written again, the appended bytes are gone
    const polyglot = Buffer.concat([original, Buffer.from('<script>alert(1)</script>')]);
    const done = await upload(cookie, id, photo, polyglot, 'proof.jpg', 1000);
    expect(done).toMatchObject({ status: 200, body: { done: true, received: polyglot.length } });
    expect(done.body.message).toBeTruthy();

    const packetNow = (await readPacket(cookie, id)).body;
    const item = packetNow.items.find((i) => i.id_registration_item === photo)!;
    expect(item.state).toBe('submitted');
    const file = item.document!.file!;
    expect(file).toMatchObject({ name: 'proof.jpg', type: 'image/jpeg' });
    expect(file.url).toBe(`/api/family/applications/${id}/registration/documents/${photo}`);

    const mine = await download(file.url, { cookie });
    expect(mine.status).toBe(200);
    expect(mine.type).toBe('image/jpeg');
    expect(mine.bytes.length).toBe(file.size);
    expect(mine.bytes.includes('Secret-Exif')).toBe(false);
    expect(mine.bytes.includes('<script>')).toBe(false);
    expect((await sharp(mine.bytes).metadata()).exif).toBeUndefined();
    expect(await samePixels(mine.bytes, original, 12)).toBe(true);

    // the staff's review payload carries the staff's link; staff of the campus read the file, and it is audited
    const review = await call<FamilyRegistration>('GET', `/registration/applications/${id}`, { token: staff });
    const staffFile = review.body.items.find((i) => i.id_registration_item === photo)!.document!.file!;
    expect(staffFile).toMatchObject({ name: 'proof.jpg', type: 'image/jpeg', size: file.size });
    expect(staffFile.url).toBe(`/api/registration/applications/${id}/items/${photo}/document`);
    const read = await download(staffFile.url, { authorization: `Bearer ${staff}` });
    expect(read.status).toBe(200);
    expect(read.bytes.equals(mine.bytes)).toBe(true);
    const audits = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'registration.document.download'), eq(s.auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);

    const ownCampus = await tokenFor(ctx, {
      context: CONTEXT_TYPE.CAMPUS,
      id_school: school.id_school,
      id_campus: campus.id_campus,
    });
    expect((await download(staffFile.url, { authorization: `Bearer ${ownCampus}` })).status).toBe(200);
  });

  it('keeps a real PDF as sent, and a new upload replaces the file', async () => {
    const { id, certificate, cookie } = await packet();
    const first = await upload(cookie, id, certificate, pdf(), 'birth.pdf');
    expect(first.body.done).toBe(true);
    const second = pdf('3 0 obj<</Note(second)>>endobj\n');
    expect((await upload(cookie, id, certificate, second, 'birth-2.pdf')).body.done).toBe(true);
    const file = (await readPacket(cookie, id)).body.items.find((i) => i.id_registration_item === certificate)!
      .document!.file!;
    expect(file).toMatchObject({ name: 'birth-2.pdf', type: 'application/pdf', size: second.length });
    const got = await download(file.url, { cookie });
    expect(got.type).toBe('application/pdf');
    expect(got.bytes.equals(second)).toBe(true);
    // one file on disk for the item: the first one went when it was replaced
    expect(fs.readdirSync(path.join(dataDir, 'files', 'registration')).filter((f) => f.endsWith('.pdf'))).toHaveLength(
      (await ctx.db.select().from(s.registrationDocument).where(eq(s.registrationDocument.mimeType, 'application/pdf')))
        .length,
    );
  });

  it('refuses a PDF/ZIP polyglot, markup posing as a PDF, and a type the item does not accept', async () => {
    const { id, certificate, photo, cookie } = await packet();
    const refusals = [
      await upload(cookie, id, certificate, Buffer.concat([pdf(), zipTail])),
      await upload(cookie, id, certificate, Buffer.concat([Buffer.from('<html><script>x()</script>'), pdf()])),
      await upload(cookie, id, certificate, Buffer.concat([pdf(), Buffer.from('<script>x()</script>')])),
      await upload(cookie, id, certificate, PNG, 'scan.pdf'),
      await upload(cookie, id, photo, pdf(), 'photo.jpg'),
    ];
    for (const refused of refusals)
      expect(refused).toMatchObject({ status: 400, body: { message: expect.stringMatching(/not one of the types/) } });
    const items = (await readPacket(cookie, id)).body.items;
    expect(items.map((i) => [i.state, i.document?.file ?? null])).toEqual([
      ['to_do', null],
      ['to_do', null],
    ]);
    // a refused upload leaves no part file behind
    expect(fs.readdirSync(path.join(dataDir, 'files', 'registration-uploads'))).toEqual([]);
  });

  it('refuses a file larger than the item allows (413), and a chunk beyond the size announced', async () => {
    const { id, certificate, photo, cookie } = await packet();
    const big = await start(cookie, id, certificate, 1024 * 1024 + 1);
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/larger than this item allows/);
    const opened = await start(cookie, id, photo, 10);
    const beyond = await chunk(cookie, id, opened.body.id_upload, Buffer.alloc(20), 0, 10);
    expect(beyond.status).toBe(400);
    const lying = await fetch(`${ctx.baseUrl}/api${base(id)}/uploads/${opened.body.id_upload}`, {
      method: 'PUT',
      headers: { cookie, ...SAME_SITE, 'content-type': 'application/octet-stream', 'content-range': 'bytes 0-4/10' },
      body: new Uint8Array(9),
    });
    expect(lying.status).toBe(400);
  });

  it('resumes after a dropped connection from the last byte received', async () => {
    const { id, photo, cookie } = await packet();
    const image = await sharp({
      create: {
        width: 600,
        height: 600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(image.length).toBeGreaterThan(600_000);
    const opened = (await start(cookie, id, photo, image.length, 'noise.png')).body;
    const state = () => call<Reply>('GET', `${base(id)}/uploads/${opened.id_upload}`, { headers: { cookie } });
    // the first 100 kB arrive and are written; the connection drops after 100 kB more were sent
    await dropMidChunk(cookie, id, opened.id_upload, image, async () => {
      await until('the first bytes on disk', async () => (await state()).body.received > 0);
    });
    const after = await until('the dropped chunk to end', async () => {
      const now = await state();
      return now.body.receiving ? null : now.body;
    });
    const sent = after.received;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(200_000);
    expect(after).toMatchObject({ size: image.length, done: false });
    // a chunk from the wrong place is refused: the portal asks where the upload stands
    const stale = await chunk(cookie, id, opened.id_upload, image.subarray(0, 1000), 0, image.length);
    expect(stale.status).toBe(409);
    const rest = await chunk(cookie, id, opened.id_upload, image.subarray(sent), sent, image.length);
    expect(rest).toMatchObject({ status: 200, body: { done: true, received: image.length } });
    const file = (await readPacket(cookie, id)).body.items.find((i) => i.id_registration_item === photo)!.document!
      .file!;
    expect(await samePixels((await download(file.url, { cookie })).bytes, image)).toBe(true);
  });

  it('is refused once the school approved the item', async () => {
    const { id, certificate, cookie } = await packet();
    await upload(cookie, id, certificate, pdf());
    const approved = await call('PUT', `/registration/applications/${id}/items/${certificate}/review`, {
      token: staff,
      body: { decision: 'approve' },
    });
    expect(approved.status).toBe(200);
    const again = await start(cookie, id, certificate, 100);
    expect(again).toMatchObject({ status: 409, body: { message: 'The school has already approved this item.' } });
  });
});

describe('who reaches a document', () => {
  it('another family can neither upload to, nor read, nor continue the upload of an application', async () => {
    const { id, certificate, cookie } = await packet();
    const other = await packet();
    await upload(cookie, id, certificate, pdf(), 'mine.pdf');
    const opened = (await start(cookie, id, certificate, pdf().length)).body;
    expect((await start(other.cookie, id, certificate, 100)).status).toBe(404);
    expect((await chunk(other.cookie, id, opened.id_upload, pdf(), 0, pdf().length)).status).toBe(404);
    // its own application with the first family's upload id: not found either
    expect((await chunk(other.cookie, other.id, opened.id_upload, pdf(), 0, pdf().length)).status).toBe(404);
    const url = `/api${base(id)}/documents/${certificate}`;
    expect((await download(url, { cookie })).status).toBe(200);
    expect((await download(url, { cookie: other.cookie })).status).toBe(404);
    expect((await download(`/api${base(other.id)}/documents/${certificate}`, { cookie: other.cookie })).status).toBe(
      404,
    );
    // nothing of the other family's reached the first one's packet
    expect((await readPacket(cookie, id)).body.items[1].document!.file!.name).toBe('mine.pdf');
  });

  it('staff of another campus, or of another school, cannot read it', async () => {
    const { id, certificate, cookie } = await packet();
    await upload(cookie, id, certificate, pdf());
    const elsewhere = await packet();
    const otherCampus = await tokenFor(ctx, {
      context: CONTEXT_TYPE.CAMPUS,
      id_school: school.id_school,
      id_campus: elsewhere.campus.id_campus,
    });
    const otherSchool = await createSchool(ctx.db, 'Other Document School');
    const foreign = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: otherSchool.id_school });
    const url = `/api/registration/applications/${id}/items/${certificate}/document`;
    expect((await download(url, { authorization: `Bearer ${staff}` })).status).toBe(200);
    expect((await download(url, { authorization: `Bearer ${otherCampus}` })).status).toBe(404);
    expect((await download(url, { authorization: `Bearer ${foreign}` })).status).toBe(404);
    // the family's cookie is no staff token
    expect((await download(url, { cookie })).status).toBe(401);
  });
});

/**
 * Opens a chunk of 400 kB and sends 100 kB, waits for `firstWritten`, sends 100 kB more, then drops the connection as
 * a phone losing signal would.
 */
function dropMidChunk(cookie: string, id: number, id_upload: string, file: Buffer, firstWritten: () => Promise<void>) {
  const length = 400_000;
  const url = new URL(`${ctx.baseUrl}/api${base(id)}/uploads/${id_upload}`);
  return new Promise<void>((resolve, reject) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: {
        cookie,
        ...SAME_SITE,
        'content-type': 'application/octet-stream',
        'content-length': String(length),
        'content-range': `bytes 0-${length - 1}/${file.length}`,
      },
    });
    req.on('error', () => {});
    req.write(file.subarray(0, 100_000), () =>
      firstWritten().then(
        () =>
          req.write(file.subarray(100_000, 200_000), () => {
            req.destroy();
            resolve();
          }),
        reject,
      ),
    );
  });
}
