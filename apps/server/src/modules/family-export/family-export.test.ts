import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { FamilyApplicationDetail } from '@openseat/shared/schemas/family';
import * as s from '../../db/schema/index';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { signIn, tokenFor } from '../../test/session';
import { guardianSessionKey } from '../../test/guardian-session';

/*
 * Export on request (issue 28, docs/privacy.md): the family's data as JSON plus their files in one zip. The family is
 * found by the guardian's e-mail or phone (normalised), within the caller's school and campuses; the zip holds what
 * the portal shows the family and more, their files byte for byte, and no staff-internal note.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let dataDir: string;
let admin: string;
let adminId: number;
let campusStaff: string;
let otherAdmin: string;
type App = Awaited<ReturnType<typeof createApplication>>;
let offered: App;
let confirmed: App;
let sisterCampus: App;
let unrelated: App;
let cookie: string;
const GUARDIAN = 'kin.family@example.org';
const PHONE = '(555) 010-2030';
const NOTE = 'staff-internal-note-do-not-export';
const uploaded = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(512), Buffer.from('\n%%EOF\n')]);
const documentBytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(256)]);

type Exported = {
  id_application: number;
  applications: Array<{
    id_application: number;
    correlative: number;
    status: string;
    offerDeadline: string | null;
    applicant: { firstName: string };
    guardian: { email: string | null };
    statusHistory: Array<{ status: string }>;
    messages: Array<{ channel: string; subject: string | null; body: string; sentAt: string | null }>;
    files: Array<{ name: string; path: string | null; kind: string }>;
    registration: { items: Array<{ form?: { answers: Record<string, unknown> } }> } | null;
    portal: Record<string, unknown> | null;
  }>;
  smsConsent: Array<{ phone: string; granted: boolean; history: Array<Record<string, unknown>> }>;
};

/** The files of a ZIP archive, read from its central directory (independent of the writer). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'the end of central directory record').toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(packed) : packed);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

async function exportOf(id: number, token = admin) {
  const res = await fetch(`${ctx.baseUrl}/api/application/${id}/family-export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) return { status: res.status, files: new Map<string, Buffer>(), family: null };
  expect(res.headers.get('content-type')).toBe('application/zip');
  const files = unzip(bytes);
  const family = JSON.parse(files.get('family.json')!.toString('utf8')) as Exported;
  return { status: res.status, files, family, disposition: res.headers.get('content-disposition') };
}

async function upload(id_application: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('id_application', String(id_application));
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${ctx.baseUrl}/api/application/upload-file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-family-export-'));
  ctx = await startTestApp({ env: { DATA_DIR: dataDir } });
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db, 'Export School');
  const other = await createSchool(ctx.db, 'Other Export School');
  const campus = await createCampus(ctx.db, school.id_school, 'Export Campus');
  const sister = await createCampus(ctx.db, school.id_school, 'Sister Campus');
  await createCampusGrades(ctx.db, campus, [3]);
  await createCampusGrades(ctx.db, sister, [3]);
  const period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 5 } });
  const sisterPeriod = await createPeriod(ctx.db, sister, { state: 'started', grades: { 3: 5 } });
  const ref = { ...period, id_school: school.id_school, id_campus: campus.id_campus };
  const sisterRef = { ...sisterPeriod, id_school: school.id_school, id_campus: sister.id_campus };
  offered = await createApplication(ctx.db, ref, {
    id_status: STATUS.OFFERED,
    firstName: 'Ada',
    guardianEmail: 'Kin.Family@Example.org',
    guardianPhoneNumber: PHONE,
  });
  await ctx.db
    .update(s.application)
    .set({ offer_expires_at: new Date(Date.now() + 5 * 86_400_000) })
    .where(eq(s.application.id_application, offered.id_application));
  // a sibling by the same e-mail, typed otherwise
  confirmed = await createApplication(ctx.db, ref, {
    id_status: STATUS.CONFIRMED,
    firstName: 'Ben',
    guardianEmail: ` ${GUARDIAN.toUpperCase()} `,
  });
  // a sibling at the sister campus by the phone only
  sisterCampus = await createApplication(ctx.db, sisterRef, {
    id_status: STATUS.WAITING_LIST,
    firstName: 'Cleo',
    guardianEmail: 'other.parent@example.org',
    guardianPhoneNumber: '+1 555 010 2030',
  });
  unrelated = await createApplication(ctx.db, ref, { id_status: STATUS.APPLIED, firstName: 'Unrelated' });

  const adminUser = await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  admin = (await signIn(ctx.baseUrl, adminUser.email)).accessToken;
  adminId = adminUser.id_user;
  campusStaff = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: school.id_school,
    id_campus: campus.id_campus,
  });
  otherAdmin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: other.id_school });

  await upload(offered.id_application, uploaded, 'birth certificate.pdf');
  await upload(unrelated.id_application, uploaded, 'not-theirs.pdf');
  await ctx.db
    .insert(s.applicationNote)
    .values({ id_school: school.id_school, id_application: offered.id_application, note: NOTE });
  await ctx.db.insert(s.messageOutbox).values({
    id_school: school.id_school,
    id_campus: campus.id_campus,
    id_application: offered.id_application,
    idempotencyKey: `family-export-${randomBytes(4).toString('hex')}`,
    channel: 'email',
    id_message_type: 1,
    recipient: GUARDIAN,
    subject: 'You have a seat',
    body: 'Dear family, Ada has a seat.',
    status: 'sent',
    sentAt: new Date(),
  });

  // registration of the confirmed sibling: a form answered and a document sent
  const [form, document] = await ctx.db
    .insert(s.registrationItem)
    .values([
      {
        id_school: school.id_school,
        id_campus_year: period.id_campus_year,
        position: 1,
        kind: 'form',
        required: true,
        labels: { en: 'Health' },
        settings: { fields: [{ key: 'allergies', type: 'text', labels: { en: 'Allergies' }, required: false }] },
        version: 'v-form',
      },
      {
        id_school: school.id_school,
        id_campus_year: period.id_campus_year,
        position: 2,
        kind: 'document',
        required: true,
        labels: { en: 'Proof of address' },
        settings: { types: ['pdf'], maxMb: 5 },
        version: 'v-doc',
      },
    ])
    .returning();
  const base = { id_school: school.id_school, id_application: confirmed.id_application, state: 'submitted' };
  await ctx.db.insert(s.registrationResponse).values([
    { ...base, id_registration_item: form.id_registration_item, answers: { allergies: 'peanuts' } },
    { ...base, id_registration_item: document.id_registration_item },
  ]);
  fs.mkdirSync(path.join(dataDir, 'files', 'registration'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'files', 'registration', 'proof.pdf'), documentBytes);
  await ctx.db.insert(s.registrationDocument).values({
    id_school: school.id_school,
    id_application: confirmed.id_application,
    id_registration_item: document.id_registration_item,
    storedPath: 'registration/proof.pdf',
    originalName: 'proof of address.pdf',
    mimeType: 'application/pdf',
    size: documentBytes.length,
  });

  cookie = await guardianSessionKey(ctx.db, GUARDIAN);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /application/:id/family-export', () => {
  it("holds every application of the family at the school, not another family's, and their files byte for byte", async () => {
    const { status, files, family, disposition } = await exportOf(offered.id_application);
    expect(status).toBe(200);
    expect(disposition).toBe(`attachment; filename="family-${offered.correlative}.zip"`);
    const ids = family!.applications.map((a) => a.id_application).sort((x, y) => x - y);
    expect(ids).toEqual([offered, confirmed, sisterCampus].map((a) => a.id_application).sort((x, y) => x - y));
    const byId = new Map(family!.applications.map((a) => [a.id_application, a]));

    const ada = byId.get(offered.id_application)!;
    expect(ada).toMatchObject({ status: 'offered', applicant: { firstName: 'Ada' } });
    expect(ada.offerDeadline).not.toBeNull();
    expect(ada.statusHistory.map((h) => h.status)).toEqual(['initial lead', 'offered']);
    expect(ada.messages).toEqual([
      expect.objectContaining({ channel: 'email', subject: 'You have a seat', body: 'Dear family, Ada has a seat.' }),
    ]);
    expect(ada.files).toEqual([
      expect.objectContaining({
        kind: 'file',
        name: 'birth certificate.pdf',
        path: `files/${offered.correlative}/birth certificate.pdf`,
      }),
    ]);
    expect(files.get(`files/${offered.correlative}/birth certificate.pdf`)!.equals(uploaded)).toBe(true);

    const ben = byId.get(confirmed.id_application)!;
    expect(files.get(`files/${confirmed.correlative}/proof of address.pdf`)!.equals(documentBytes)).toBe(true);
    expect(ben.registration!.items.find((i) => i.form)!.form!.answers).toEqual({ allergies: 'peanuts' });

    // both applications with the phone gave consent on their form; staff names and notes stay out
    const given = { granted: true, source: 'form', at: expect.any(String) };
    expect(family!.smsConsent).toEqual([{ phone: '+15550102030', granted: true, history: [given, given] }]);
    const json = files.get('family.json')!.toString('utf8');
    expect(json).not.toContain('Unrelated');
    expect(json).not.toContain('not-theirs.pdf');
    expect(json).not.toContain(NOTE);
    expect([...files.keys()].sort()).toEqual(
      [
        'family.json',
        `files/${offered.correlative}/birth certificate.pdf`,
        `files/${confirmed.correlative}/proof of address.pdf`,
      ].sort(),
    );
  });

  it('contains everything the family portal shows of those applications', async () => {
    const { family } = await exportOf(confirmed.id_application);
    for (const app of [offered, confirmed]) {
      const res = await call<FamilyApplicationDetail>('GET', `/family/applications/${app.id_application}`, {
        headers: { cookie: `openseat_family=${cookie}` },
      });
      expect(res.status).toBe(200);
      const { messages, ...shown } = res.body;
      const exported = family!.applications.find((a) => a.id_application === app.id_application)!;
      expect(exported.portal).toEqual(shown);
      for (const message of messages)
        expect(exported.messages).toContainEqual(
          expect.objectContaining({ sentAt: message.at, channel: message.channel, subject: message.subject }),
        );
    }
  });

  it("leaves out a sister campus's application for a campus user, even of the same guardian", async () => {
    const { status, family } = await exportOf(offered.id_application, campusStaff);
    expect(status).toBe(200);
    const ids = family!.applications.map((a) => a.id_application);
    expect(ids).toContain(confirmed.id_application);
    expect(ids).not.toContain(sisterCampus.id_application);
    expect((await exportOf(sisterCampus.id_application, campusStaff)).status).toBe(404);
  });

  it('is unknown to another school (404), and refuses a bad id (400)', async () => {
    expect((await exportOf(offered.id_application, otherAdmin)).status).toBe(404);
    expect((await call('GET', '/application/abc/family-export', { token: admin })).status).toBe(400);
  });

  it('writes one audit row and one read per application carried', async () => {
    const lastRead = async () =>
      (await ctx.db.select({ id: s.recordAccess.id_record_access }).from(s.recordAccess)).reduce(
        (max, r) => Math.max(max, r.id),
        0,
      );
    const after = await lastRead();
    const audited = async () => ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'family.export'));
    const before = (await audited()).length;
    await exportOf(offered.id_application);
    const audits = await audited();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ id_user: adminId, entityId: String(offered.id_application) });
    const reads = await ctx.db.select().from(s.recordAccess).where(gt(s.recordAccess.id_record_access, after));
    expect(reads.map((r) => r.id_application).sort((x, y) => x - y)).toEqual(
      [offered, confirmed, sisterCampus].map((a) => a.id_application).sort((x, y) => x - y),
    );
    for (const read of reads) expect(read).toMatchObject({ how: 'export', id_user: adminId, detail: 'family-export' });
  });

  it("finds the family by the asked-for application's guardian contacts only (a phone sibling's own e-mail is not followed)", async () => {
    const { family } = await exportOf(sisterCampus.id_application);
    const ids = family!.applications.map((a) => a.id_application).sort((x, y) => x - y);
    expect(ids).toEqual([offered, sisterCampus].map((a) => a.id_application).sort((x, y) => x - y));
  });
});
