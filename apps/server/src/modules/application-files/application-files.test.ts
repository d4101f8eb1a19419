import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationFile } from '@openseat/shared/schemas/application-records';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { PNG } from '../../test/images';
import { recordsWorld } from '../../test/records-setup';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let w: Awaited<ReturnType<typeof recordsWorld>>;
let dataDir: string;
type Refusal = { message: string; code: string; errors?: Array<{ path: string; message: string }> };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function upload(
  token: string | undefined,
  id_application: number | string,
  file?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  form.append('id_application', String(id_application));
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${ctx.baseUrl}/api/application/upload-file`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { message: string; data: ApplicationFile } & Refusal };
}

const storedFiles = () => {
  const dir = path.join(dataDir, 'files', 'applications');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-files-'));
  ctx = await startTestApp({ env: { DATA_DIR: dataDir } });
  call = apiClient(ctx.baseUrl);
  w = await recordsWorld(ctx, [['application', 'access']]);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('application files', () => {
  let pdf: ApplicationFile;

  it('stores a PDF outside the web root under a name of its own, records and audits it', async () => {
    const res = await upload(w.tokens.campus, w.apps.a1.id_application, {
      bytes: PDF,
      name: 'Birth certificate ñ.pdf',
      type: 'application/pdf',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pdf = res.body.data;
    expect(res.body.message).toBe('File uploaded.');
    expect(pdf).toMatchObject({
      originalName: 'Birth certificate ñ.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
    });
    const [row] = await ctx.db
      .select()
      .from(s.applicationFile)
      .where(eq(s.applicationFile.id_application_file, pdf.id_application_file));
    expect(row.storedPath).toMatch(/^applications\/[0-9a-f]{32}\.pdf$/);
    expect(fs.readFileSync(path.join(dataDir, 'files', row.storedPath)).equals(PDF)).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(row.storedPath);
    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(
        and(
          eq(s.auditLog.action, 'application.file.upload'),
          eq(s.auditLog.entityId, String(w.apps.a1.id_application)),
        ),
      );
    expect(audit).toHaveLength(1);
  });

  it('refuses a file by its content, not its name: a script named .pdf, and a PNG is kept as a PNG', async () => {
    const before = storedFiles().length;
    const script = await upload(w.tokens.campus, w.apps.a1.id_application, {
      bytes: Buffer.from('<script>alert(1)</script>'),
      name: 'report.pdf',
      type: 'application/pdf',
    });
    expect(script.status).toBe(400);
    expect(script.body.errors).toEqual([
      {
        path: 'file',
        message:
          'The file must be a PDF, an image (PNG, JPEG, WebP, HEIC) or a Word, Excel or OpenDocument text document.',
      },
    ]);
    const exe = await upload(w.tokens.campus, w.apps.a1.id_application, {
      bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]),
      name: 'photo.png',
      type: 'image/png',
    });
    expect(exe.status).toBe(400);
    expect(storedFiles()).toHaveLength(before);
    const png = await upload(w.tokens.campus, w.apps.a1.id_application, {
      bytes: PNG,
      name: 'scan.pdf',
      type: 'application/pdf',
    });
    expect(png.status).toBe(200);
    expect(png.body.data.mimeType).toBe('image/png');
  });

  it('refuses a file over 10 MiB with 413 and keeps nothing', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 10, 32)]);
    const res = await upload(w.tokens.campus, w.apps.a1.id_application, {
      bytes: big,
      name: 'big.pdf',
      type: 'application/pdf',
    });
    expect(res.status).toBe(413);
    expect(storedFiles()).toHaveLength(before);
  });

  it('asks for a file and a valid application id', async () => {
    const none = await upload(w.tokens.campus, w.apps.a1.id_application);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose a file to upload.');
    const badId = await upload(w.tokens.campus, 'abc', { bytes: PDF, name: 'a.pdf', type: 'application/pdf' });
    expect(badId.status).toBe(400);
    const json = await call('POST', '/application/upload-file', {
      token: w.tokens.campus,
      body: { id_application: w.apps.a1.id_application },
    });
    expect(json.status).toBe(400);
  });

  it('lists the files and downloads one through the authorised route, with an audit row', async () => {
    const list = await call<ApplicationFile[]>('GET', `/application/files?id_application=${w.apps.a1.id_application}`, {
      token: w.tokens.limited,
    });
    expect(list.status).toBe(200);
    expect(list.body.map((f) => f.id_application_file)).toContain(pdf.id_application_file);
    const res = await fetch(`${ctx.baseUrl}/api/application/file/${pdf.id_application_file}`, {
      headers: { authorization: `Bearer ${w.tokens.campus}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Birth%20certificate%20%C3%B1.pdf");
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    const audit = await ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'application.file.download'));
    expect(audit).toHaveLength(1);
    // the limited role may see the list but not download
    const refused = await fetch(`${ctx.baseUrl}/api/application/file/${pdf.id_application_file}`, {
      headers: { authorization: `Bearer ${w.tokens.limited}` },
    });
    expect(refused.status).toBe(403);
    expect((await fetch(`${ctx.baseUrl}/api/application/file/${pdf.id_application_file}`)).status).toBe(401);
  });

  it("keeps another campus's files out of reach: no upload, list, download or delete", async () => {
    const foreign = await upload(w.tokens.school, w.apps.a2.id_application, {
      bytes: PDF,
      name: 'a2.pdf',
      type: 'application/pdf',
    });
    expect(foreign.status).toBe(200);
    const id = foreign.body.data.id_application_file;
    const before = storedFiles().length;
    expect(
      (await upload(w.tokens.campus, w.apps.a2.id_application, { bytes: PDF, name: 'x.pdf', type: 'application/pdf' }))
        .status,
    ).toBe(404);
    expect(storedFiles()).toHaveLength(before);
    expect(
      (await call('GET', `/application/files?id_application=${w.apps.a2.id_application}`, { token: w.tokens.campus }))
        .status,
    ).toBe(404);
    expect((await call('GET', `/application/file/${id}`, { token: w.tokens.campus })).status).toBe(404);
    expect(
      (await call('DELETE', `/application/delete-file?id_application_file=${id}`, { token: w.tokens.campus })).status,
    ).toBe(404);
    const [still] = await ctx.db.select().from(s.applicationFile).where(eq(s.applicationFile.id_application_file, id));
    expect(still).toBeDefined();
    expect(storedFiles()).toHaveLength(before);
  });

  it('deletes the row and then the file on disk', async () => {
    const [row] = await ctx.db
      .select()
      .from(s.applicationFile)
      .where(eq(s.applicationFile.id_application_file, pdf.id_application_file));
    const onDisk = path.join(dataDir, 'files', row.storedPath);
    expect(fs.existsSync(onDisk)).toBe(true);
    const res = await call('DELETE', `/application/delete-file?id_application_file=${pdf.id_application_file}`, {
      token: w.tokens.campus,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'File deleted.' });
    expect(fs.existsSync(onDisk)).toBe(false);
    expect(
      await ctx.db
        .select()
        .from(s.applicationFile)
        .where(eq(s.applicationFile.id_application_file, pdf.id_application_file)),
    ).toHaveLength(0);
    expect((await call('GET', `/application/file/${pdf.id_application_file}`, { token: w.tokens.campus })).status).toBe(
      404,
    );
  });
});
