import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, desc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_CONSENT } from '@openseat/shared/agreement-consent';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type {
  CosignAgreement,
  FamilyRegistration,
  RegistrationChecklist,
  RegistrationItemInput,
} from '@openseat/shared/schemas/registration';
import * as s from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { storedFilePath } from '../../lib/uploads';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { drainJobs } from '../../test/jobs';
import { tokenFor } from '../../test/session';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';

/*
 * Signatures of registration agreements (issue 25; docs/registration.md): bound to the hash of the text shown, a
 * stale hash refused, a signed PDF stored and its hash audited, a changed text asking for a new signature while the
 * old one stays shown, and the second guardian invited by e-mail (real SMTP) signing through a single-use link.
 */

let ctx: TestContext;
let smtp: TestSmtpServer;
let call: ReturnType<typeof apiClient>;
let staff: string;
let school: { id_school: number };
let n = 0;
const SAME_SITE = { 'x-requested-with': 'fetch' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await startTestApp({ smtpUrl: smtp.url });
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Signature School');
  staff = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const TEXT = 'The family follows the handbook.\nPhotos may be taken at school events.';
const agreement = (signers: 'one' | 'two', en = TEXT): RegistrationItemInput => ({
  kind: 'agreement',
  required: true,
  labels: { en: 'Family handbook', es: 'Manual de la familia', zh: '家庭手册' },
  help: null,
  agreement: { text: { en, es: 'La familia sigue el manual.', zh: '家庭遵守手册。' }, signers },
});

async function packet(signers: 'one' | 'two' = 'one') {
  const campus = await createCampus(ctx.db, school.id_school, `Signature Campus ${++n}`);
  await createCampusGrades(ctx.db, campus, [3]);
  const period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 5 } });
  const saved = await call<{ data: RegistrationChecklist }>('PUT', '/registration/checklist', {
    token: staff,
    body: { id_campus_year: period.id_campus_year, items: [agreement(signers)] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const email = `signer.${n}@example.org`;
  const application = await createApplication(ctx.db, period, {
    id_status: STATUS.CONFIRMED,
    guardianEmail: email,
    firstName: `Signed${n}`,
  });
  const key = randomBytes(32).toString('base64url');
  await ctx.db
    .insert(s.guardianSession)
    .values({ keyHash: sha256(key), contactKey: email, kind: 'email', expiresAt: new Date(Date.now() + 3_600_000) });
  return { period, application, item: saved.body.data.items[0], cookie: `openseat_family=${key}` };
}

type Signed = { message: string; id_registration_signature: number; pdfHash: string };
const readPacket = (cookie: string, id: number) =>
  call<FamilyRegistration>('GET', `/family/applications/${id}/registration`, { headers: { cookie } });
const signAs = (cookie: string, id: number, item: number, body: Record<string, unknown>) =>
  call<Signed>('POST', `/family/applications/${id}/registration/agreements/${item}/sign`, {
    body: { fullName: 'Ana María López', consent: true, lng: 'en', ...body },
    headers: { cookie, ...SAME_SITE },
  });
const invite = (cookie: string, id: number, item: number, email: string) =>
  call<{ message: string }>('POST', `/family/applications/${id}/registration/agreements/${item}/invite`, {
    body: { email },
    headers: { cookie, ...SAME_SITE },
  });
const audits = async (id: number, action: string) =>
  (
    await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, String(id)), eq(s.auditLog.action, action)))
      .orderBy(s.auditLog.id_audit_log)
  ).map((a) => a.changes as Record<string, unknown>);

describe('signing an agreement', () => {
  it('binds the signature to the hash of the text shown, stores a signed PDF and audits its hash', async () => {
    const { application, item, cookie } = await packet();
    const id = application.id_application;
    const shown = (await readPacket(cookie, id)).body.items[0];
    expect(shown.agreement).toMatchObject({ text: TEXT, documentHash: sha256(TEXT), signatures: [], waiting: false });

    const unticked = await signAs(cookie, id, item.id_registration_item, {
      consent: false,
      documentHash: sha256(TEXT),
    });
    expect(unticked.status).toBe(400);
    const stale = await signAs(cookie, id, item.id_registration_item, { documentHash: sha256('an older text') });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'The school changed this agreement since it was shown. Read the new text and sign again.',
    );
    // the Spanish text has its own hash: the English one does not sign it
    expect(
      (await signAs(cookie, id, item.id_registration_item, { lng: 'es', documentHash: sha256(TEXT) })).status,
    ).toBe(409);

    const signed = await signAs(cookie, id, item.id_registration_item, { documentHash: sha256(TEXT) });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(s.registrationSignature)
      .where(eq(s.registrationSignature.id_registration_signature, signed.body.id_registration_signature));
    expect(row).toMatchObject({
      fullName: 'Ana María López',
      consent: AGREEMENT_CONSENT.en,
      documentHash: sha256(TEXT),
      ip: '127.0.0.1',
      role: 'first',
    });
    const pdf = await readFile(storedFilePath(ctx.jobContext.config.dataDir, row.storedPath));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(row.pdfHash);
    expect(signed.body.pdfHash).toBe(row.pdfHash);
    // a PDF that reads back, titled with the agreement, dated at the signature
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getTitle()).toBe('Family handbook');
    expect(loaded.getCreationDate()?.getTime()).toBe(row.signedAt.getTime() - (row.signedAt.getTime() % 1000));
    expect((await audits(id, 'registration.sign'))[0]).toMatchObject({
      pdfHash: row.pdfHash,
      documentHash: sha256(TEXT),
      role: 'first',
      complete: true,
    });

    const after = (await readPacket(cookie, id)).body.items[0];
    expect(after.state).toBe('submitted');
    expect(after.agreement!.signatures).toEqual([
      expect.objectContaining({ fullName: 'Ana María López', documentHash: sha256(TEXT), pdfHash: row.pdfHash }),
    ]);
    expect((await signAs(cookie, id, item.id_registration_item, { documentHash: sha256(TEXT) })).status).toBe(409);

    // staff see the signature and download its PDF; the download is audited
    const staffView = await call<FamilyRegistration>('GET', `/registration/applications/${id}`, { token: staff });
    const sig = staffView.body.items[0].agreement!.signatures[0];
    expect(sig).toMatchObject({ fullName: 'Ana María López', pdfHash: row.pdfHash });
    const download = await fetch(
      `${ctx.baseUrl}/api/registration/applications/${id}/signatures/${sig.id_registration_signature}/pdf`,
      { headers: { authorization: `Bearer ${staff}` } },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.pdfHash);
    expect(await audits(id, 'registration.signature.download')).toHaveLength(1);
  });

  it('keeps the old version shown as signed when staff change the text, and asks a new signature on the new one', async () => {
    const { period, application, item, cookie } = await packet();
    const id = application.id_application;
    expect((await signAs(cookie, id, item.id_registration_item, { documentHash: sha256(TEXT) })).status).toBe(200);
    const changed = `${TEXT}\nA new rule.`;
    const edited = await call<{ data: RegistrationChecklist }>('PUT', '/registration/checklist', {
      token: staff,
      body: {
        id_campus_year: period.id_campus_year,
        items: [{ ...agreement('one', changed), id_registration_item: item.id_registration_item }],
      },
    });
    const newItem = edited.body.data.items[0];
    expect(newItem.id_registration_item).not.toBe(item.id_registration_item);

    const shown = (await readPacket(cookie, id)).body.items[0];
    expect(shown).toMatchObject({ id_registration_item: newItem.id_registration_item, state: 'to_do' });
    expect(shown.agreement).toMatchObject({ text: changed, documentHash: sha256(changed), signatures: [] });
    expect(shown.agreement!.previous).toEqual({
      text: TEXT,
      signatures: [expect.objectContaining({ fullName: 'Ana María López', documentHash: sha256(TEXT) })],
    });
    // the hash shown before the change is refused; the old version takes nothing more
    expect((await signAs(cookie, id, newItem.id_registration_item, { documentHash: sha256(TEXT) })).status).toBe(409);
    expect((await signAs(cookie, id, item.id_registration_item, { documentHash: sha256(TEXT) })).status).toBe(404);
    const again = await signAs(cookie, id, newItem.id_registration_item, { documentHash: sha256(changed) });
    expect(again.status).toBe(200);
    const now = (await readPacket(cookie, id)).body.items[0];
    expect(now.state).toBe('submitted');
    expect(now.agreement!.signatures.map((x) => x.documentHash)).toEqual([sha256(changed)]);
    expect(now.agreement!.previous!.signatures.map((x) => x.documentHash)).toEqual([sha256(TEXT)]);
  });

  it('is signed again once staff return it: the returned round is voided, the new one waits for review', async () => {
    const { application, item, cookie } = await packet();
    const id = application.id_application;
    await signAs(cookie, id, item.id_registration_item, { documentHash: sha256(TEXT), fullName: 'A. Lopez' });
    const returned = await call('PUT', `/registration/applications/${id}/items/${item.id_registration_item}/review`, {
      token: staff,
      body: { decision: 'return', reason: 'Please sign with your full legal name.' },
    });
    expect(returned.status).toBe(200);
    expect((await readPacket(cookie, id)).body.items[0]).toMatchObject({
      state: 'returned',
      agreement: { signatures: [expect.objectContaining({ fullName: 'A. Lopez' })] },
    });
    const again = await signAs(cookie, id, item.id_registration_item, { documentHash: sha256(TEXT) });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const shown = (await readPacket(cookie, id)).body.items[0];
    expect(shown.state).toBe('submitted');
    expect(shown.agreement!.signatures.map((x) => x.fullName)).toEqual(['Ana María López']);
    const rows = await ctx.db
      .select()
      .from(s.registrationSignature)
      .where(eq(s.registrationSignature.id_application, id))
      .orderBy(s.registrationSignature.id_registration_signature);
    expect(rows.map((r) => [r.fullName, r.voidedAt !== null])).toEqual([
      ['A. Lopez', true],
      ['Ana María López', false],
    ]);
  });

  it('signs the text in the guardian’s language, the consent sentence in that language', async () => {
    const { application, item, cookie } = await packet();
    const zh = '家庭遵守手册。';
    const res = await signAs(cookie, application.id_application, item.id_registration_item, {
      lng: 'zh',
      fullName: '李明',
      documentHash: sha256(zh),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(s.registrationSignature)
      .where(eq(s.registrationSignature.id_registration_signature, res.body.id_registration_signature));
    expect(row).toMatchObject({ consent: AGREEMENT_CONSENT.zh, language: 'zh', fullName: '李明' });
  });

  it('refuses another family: neither their signature nor their packet', async () => {
    const mine = await packet();
    const theirs = await packet();
    const res = await signAs(mine.cookie, theirs.application.id_application, theirs.item.id_registration_item, {
      documentHash: sha256(TEXT),
    });
    expect(res.status).toBe(404);
    expect((await readPacket(mine.cookie, theirs.application.id_application)).status).toBe(404);
    expect(
      (await invite(mine.cookie, theirs.application.id_application, theirs.item.id_registration_item, 'x@example.org'))
        .status,
    ).toBe(404);
    const rows = await ctx.db
      .select()
      .from(s.registrationSignature)
      .where(eq(s.registrationSignature.id_application, theirs.application.id_application));
    expect(rows).toEqual([]);
  });
});

describe('the second guardian', () => {
  const LINK = /\/family\/cosign\/([A-Za-z0-9_-]{43})\?to=(\d+)/;
  async function mailTo(to: string, seen: number) {
    await drainJobs(ctx);
    const mails = smtp.received.filter((m) => m.to.includes(to));
    expect(mails.length, `a new mail to ${to}`).toBeGreaterThan(seen);
    return mails[mails.length - 1].text;
  }
  const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;
  const open = (id_application: number, token: string) =>
    call<CosignAgreement & { message?: string }>('POST', '/family/cosign', {
      body: { id_application, token, lng: 'en' },
      headers: SAME_SITE,
    });
  const cosign = (id_application: number, token: string, documentHash = sha256(TEXT)) =>
    call<Signed>('POST', '/family/cosign/sign', {
      body: { id_application, token, fullName: 'Pat Other', consent: true, lng: 'en', documentHash },
      headers: SAME_SITE,
    });

  it('is invited by e-mail once the first has signed, signs through the link, once', async () => {
    const { application, item, cookie } = await packet('two');
    const id = application.id_application;
    const other = `second.${n}@example.org`;
    expect((await invite(cookie, id, item.id_registration_item, other)).status).toBe(409);
    expect((await signAs(cookie, id, item.id_registration_item, { documentHash: sha256(TEXT) })).status).toBe(200);
    let shown = (await readPacket(cookie, id)).body.items[0];
    expect(shown).toMatchObject({ state: 'to_do', agreement: { waiting: true, invitation: null } });

    const seen = mailsTo(other);
    const invited = await invite(cookie, id, item.id_registration_item, other);
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const text = await mailTo(other, seen);
    const [, token, to] = LINK.exec(text) ?? [];
    expect(Number(to)).toBe(id);
    const stored = await ctx.db
      .select()
      .from(s.registrationSignatureInvite)
      .where(eq(s.registrationSignatureInvite.id_application, id));
    expect(stored[0].tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    shown = (await readPacket(cookie, id)).body.items[0];
    expect(shown.agreement!.invitation).toMatchObject({ email: 's•••@example.org' });

    const opened = await open(id, token);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toEqual({
      id_application: id,
      applicant: `Signed${n}`,
      school: 'Signature School',
      label: 'Family handbook',
      text: TEXT,
      documentHash: sha256(TEXT),
    });
    const signed = await cosign(id, token);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    shown = (await readPacket(cookie, id)).body.items[0];
    expect(shown.state).toBe('submitted');
    expect(shown.agreement).toMatchObject({ waiting: false, invitation: null });
    expect(shown.agreement!.signatures.map((x) => [x.fullName, x.role])).toEqual([
      ['Ana María López', 'first'],
      ['Pat Other', 'second'],
    ]);
    const [second] = await ctx.db
      .select()
      .from(s.registrationSignature)
      .where(eq(s.registrationSignature.id_registration_signature, signed.body.id_registration_signature));
    expect(second).toMatchObject({ signerContact: other, role: 'second' });
    expect((await audits(id, 'registration.sign')).map((a) => a.role)).toEqual(['first', 'second']);

    // single use
    expect((await cosign(id, token)).status).toBe(404);
    expect((await open(id, token)).status).toBe(404);
  });

  it('refuses a link for another application, an expired one, a replaced one, and a stale hash', async () => {
    const { application, item, cookie } = await packet('two');
    const elsewhere = await packet('two');
    const id = application.id_application;
    const other = `second.${n}.b@example.org`;
    await signAs(cookie, id, item.id_registration_item, { documentHash: sha256(TEXT) });
    let seen = mailsTo(other);
    await invite(cookie, id, item.id_registration_item, other);
    const [, first] = LINK.exec(await mailTo(other, seen)) ?? [];
    expect((await open(elsewhere.application.id_application, first)).status).toBe(404);
    expect((await cosign(elsewhere.application.id_application, first)).status).toBe(404);
    expect((await cosign(id, 'x'.repeat(43))).status).toBe(404);
    expect((await cosign(id, first, sha256('not shown'))).status).toBe(409);

    // a new invitation replaces the first link
    seen = mailsTo(other);
    await invite(cookie, id, item.id_registration_item, other);
    const [, second] = LINK.exec(await mailTo(other, seen)) ?? [];
    expect((await open(id, first)).status).toBe(404);
    expect((await open(id, second)).status).toBe(200);

    await ctx.db
      .update(s.registrationSignatureInvite)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.registrationSignatureInvite.id_application, id));
    const late = await cosign(id, second);
    expect(late.status).toBe(404);
    expect(late.body.message).toBe('This signing link has expired, was already used, or is not for this application.');
    const signatures = await ctx.db
      .select()
      .from(s.registrationSignature)
      .where(eq(s.registrationSignature.id_application, id))
      .orderBy(desc(s.registrationSignature.id_registration_signature));
    expect(signatures.map((x) => x.role)).toEqual(['first']);
    const shown = (await readPacket(cookie, id)).body.items[0];
    expect(shown.agreement).toMatchObject({ waiting: true, invitation: null });
  });
});
