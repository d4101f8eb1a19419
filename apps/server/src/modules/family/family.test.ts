import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '@openseat/shared/constants';
import type { FamilyApplication, FamilyApplicationDetail, FamilySession } from '@openseat/shared/schemas/family';
import * as s from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { drainJobs } from '../../test/jobs';

/*
 * The family portal's sign-in and reads (issue 24): a one-time link or code bound to the guardian contact on the
 * applications, the same answer for a contact on none, the portal's own cookie, and a guardian who sees their own
 * applications only, across schools, never another family's, and not a draw's result before its release.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
type Period = Awaited<ReturnType<typeof createPeriod>>;
let periodA: Period;
let periodB: Period;
const SAME_SITE = { 'x-requested-with': 'fetch' };

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const schoolA = await createSchool(ctx.db, 'Family School A');
  const schoolB = await createSchool(ctx.db, 'Family School B');
  const campusA = await createCampus(ctx.db, schoolA.id_school, 'Family Campus A');
  const campusB = await createCampus(ctx.db, schoolB.id_school, 'Family Campus B');
  await createCampusGrades(ctx.db, campusA, [3]);
  await createCampusGrades(ctx.db, campusB, [3]);
  periodA = await createPeriod(ctx.db, campusA, { state: 'started', grades: { 3: 2 } });
  periodB = await createPeriod(ctx.db, campusB, { state: 'started', grades: { 3: 2 } });
});
afterAll(() => ctx?.close());

let families = 0;
const newContact = () => `Family.${++families}@Example.org`;

/**
 * The newest sign-in mail captured for `to`, once the mail job queued by the request has run; it must be newer than
 * the `seen` mails `to` had before.
 */
async function mailTo(to: string, seen = 0) {
  await drainJobs(ctx);
  const mails = await ctx.db
    .select()
    .from(s.capturedMail)
    .where(eq(s.capturedMail.to, to))
    .orderBy(desc(s.capturedMail.id_captured_mail));
  expect(mails.length, `a new mail to ${to}`).toBeGreaterThan(seen);
  return mails[0].text ?? '';
}

/** How many mails `to` has had. */
const mailsTo = async (to: string) =>
  (await ctx.db.select().from(s.capturedMail).where(eq(s.capturedMail.to, to))).length;

const linkToken = (text: string) => /\/family\/link\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const cookieOf = (headers: Headers) => /openseat_family=([^;]*)/.exec(headers.get('set-cookie') ?? '')?.[1] ?? '';

async function signIn(contact: string): Promise<string> {
  const seen = await mailsTo(contact.toLowerCase());
  expect((await call('POST', '/family/sign-in', { body: { contact } })).status).toBe(200);
  const token = linkToken(await mailTo(contact.toLowerCase(), seen));
  const opened = await call<FamilySession>('POST', '/family/session', { body: { token }, headers: SAME_SITE });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return cookieOf(opened.headers);
}

const asGuardian = <T>(cookie: string, method: string, path: string, body?: unknown) =>
  call<T>(method, path, { body, headers: { cookie: `openseat_family=${cookie}`, ...SAME_SITE } });

describe('signing a guardian in', () => {
  it('answers alike for a contact on no application, and mails a link and a code only to a known one', async () => {
    const contact = newContact();
    await createApplication(ctx.db, periodA, { id_status: STATUS.APPLIED, guardianEmail: contact });
    const known = await call('POST', '/family/sign-in', { body: { contact: `  ${contact.toUpperCase()} ` } });
    const unknown = await call('POST', '/family/sign-in', { body: { contact: 'nobody.here@example.org' } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const text = await mailTo(contact.toLowerCase());
    expect(linkToken(text)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(codeOf(text)).toMatch(/^\d{6}$/);
    const mails = await ctx.db
      .select()
      .from(s.accountMail)
      .where(eq(s.accountMail.recipient, 'nobody.here@example.org'));
    expect(mails).toEqual([]);
    expect((await call('POST', '/family/sign-in', { body: { contact: 'not a contact' } })).status).toBe(400);
  });

  it('opens one session per link: a used, an unknown or an expired link is refused', async () => {
    const contact = newContact();
    await createApplication(ctx.db, periodA, { id_status: STATUS.APPLIED, guardianEmail: contact });
    await call('POST', '/family/sign-in', { body: { contact } });
    const token = linkToken(await mailTo(contact.toLowerCase()));
    const first = await call<FamilySession>('POST', '/family/session', { body: { token }, headers: SAME_SITE });
    expect(first.status).toBe(200);
    expect(first.body.contact).toBe('f•••@example.org');
    expect(first.headers.get('set-cookie')).toMatch(/Path=\/api\/family; .*HttpOnly; SameSite=Strict/);
    const again = await call('POST', '/family/session', { body: { token }, headers: SAME_SITE });
    expect(again.status).toBe(400);
    const forged = await call('POST', '/family/session', { body: { token: 'x'.repeat(43) }, headers: SAME_SITE });
    expect(forged.status).toBe(400);

    await ctx.db.update(s.guardianSignIn).set({ expiresAt: new Date(Date.now() - 1000) });
    await call('POST', '/family/sign-in', { body: { contact } });
    const late = linkToken(await mailTo(contact.toLowerCase(), 1));
    await ctx.db.update(s.guardianSignIn).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await call('POST', '/family/session', { body: { token: late }, headers: SAME_SITE })).status).toBe(400);
  });

  it('takes the code only with its own contact, five wrong codes spend it, and limits sign-ins per contact', async () => {
    const contact = newContact();
    const other = newContact();
    await createApplication(ctx.db, periodA, { id_status: STATUS.APPLIED, guardianEmail: contact });
    await createApplication(ctx.db, periodA, { id_status: STATUS.APPLIED, guardianEmail: other });
    await call('POST', '/family/sign-in', { body: { contact } });
    const code = codeOf(await mailTo(contact.toLowerCase()));
    const withCode = (who: string, c: string) =>
      call('POST', '/family/session', { body: { contact: who, code: c }, headers: SAME_SITE });
    expect((await withCode(other, code)).status).toBe(400);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await withCode(contact, wrong)).status).toBe(400);
    expect((await withCode(contact, code)).status).toBe(400);

    // two more requests make three in the quarter hour: a fourth is answered alike and sends nothing
    for (let i = 0; i < 3; i++) await call('POST', '/family/sign-in', { body: { contact } });
    const signIns = await ctx.db
      .select()
      .from(s.guardianSignIn)
      .where(eq(s.guardianSignIn.contactKey, contact.toLowerCase()));
    expect(signIns).toHaveLength(3);
  });

  it('refuses a session call from another site, and signs out on every device', async () => {
    const contact = newContact();
    await createApplication(ctx.db, periodA, { id_status: STATUS.APPLIED, guardianEmail: contact });
    await call('POST', '/family/sign-in', { body: { contact } });
    const token = linkToken(await mailTo(contact.toLowerCase()));
    const crossSite = await call('POST', '/family/session', {
      body: { token },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const phone = cookieOf((await call('POST', '/family/session', { body: { token }, headers: SAME_SITE })).headers);
    const laptop = await signIn(contact);
    expect((await asGuardian(phone, 'GET', '/family/session')).status).toBe(200);
    expect((await asGuardian(laptop, 'POST', '/family/sign-out')).status).toBe(200);
    expect((await asGuardian(phone, 'GET', '/family/applications')).status).toBe(401);
    expect((await call('GET', '/family/applications')).status).toBe(401);
  });
});

describe("a guardian's applications", () => {
  it('are all and only those with their contact, across schools; another family’s id is not found', async () => {
    const contact = newContact();
    const mine = await createApplication(ctx.db, periodA, { id_status: STATUS.APPLIED, guardianEmail: contact });
    const alsoMine = await createApplication(ctx.db, periodB, {
      id_status: STATUS.WAITING_LIST,
      guardianEmail: contact.toUpperCase(),
      firstName: 'Lina',
    });
    const theirs = await createApplication(ctx.db, periodA, { id_status: STATUS.APPLIED, guardianEmail: newContact() });
    const cookie = await signIn(contact);

    const list = await asGuardian<FamilyApplication[]>(cookie, 'GET', '/family/applications');
    expect(list.status).toBe(200);
    expect(list.body.map((a) => a.id_application).sort()).toEqual(
      [mine.id_application, alsoMine.id_application].sort(),
    );
    expect(list.body.map((a) => a.school).sort()).toEqual(['Family School A', 'Family School B']);
    const other = await asGuardian(cookie, 'GET', `/family/applications/${theirs.id_application}`);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(String(theirs.id_applicant));

    const detail = await asGuardian<FamilyApplicationDetail>(
      cookie,
      'GET',
      `/family/applications/${alsoMine.id_application}`,
    );
    expect(detail.body).toMatchObject({ child: 'Lina', stage: 'waiting', messages: [] });
    expect(detail.body.steps.map((st) => st.state)).toEqual(['done', 'skipped', 'current', 'upcoming', 'upcoming']);
  });

  it('leaves out a deleted application, lists none when none is left, and reads nothing once expired', async () => {
    const contact = newContact();
    const kept = await createApplication(ctx.db, periodA, { id_status: STATUS.APPLIED, guardianEmail: contact });
    const deleted = await createApplication(ctx.db, periodB, { id_status: STATUS.APPLIED, guardianEmail: contact });
    const cookie = await signIn(contact);
    await ctx.db
      .update(s.application)
      .set({ deletedAt: new Date() })
      .where(eq(s.application.id_application, deleted.id_application));

    const list = await asGuardian<FamilyApplication[]>(cookie, 'GET', '/family/applications');
    expect(list.body.map((a) => a.id_application)).toEqual([kept.id_application]);
    expect((await asGuardian(cookie, 'GET', `/family/applications/${deleted.id_application}`)).status).toBe(404);

    await ctx.db
      .update(s.application)
      .set({ deletedAt: new Date() })
      .where(eq(s.application.id_application, kept.id_application));
    const none = await asGuardian<FamilyApplication[]>(cookie, 'GET', '/family/applications');
    expect([none.status, none.body]).toEqual([200, []]);

    await ctx.db
      .update(s.guardianSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.guardianSession.keyHash, sha256(cookie)));
    expect((await asGuardian(cookie, 'GET', '/family/applications')).status).toBe(401);
    expect((await asGuardian(cookie, 'GET', `/family/applications/${kept.id_application}`)).status).toBe(401);
  });

  it("does not show a draw's result before its messages are released", async () => {
    const contact = newContact();
    const app = await createApplication(ctx.db, periodA, { id_status: STATUS.APPLIED, guardianEmail: contact });
    // the draw's move, held: status and history as the draw writes them, and the hold of its messages
    await ctx.db
      .update(s.application)
      .set({ id_status: STATUS.OFFERED })
      .where(eq(s.application.id_application, app.id_application));
    await ctx.db.insert(s.applicationStatus).values({
      id_school: app.id_school,
      id_application: app.id_application,
      id_status: STATUS.OFFERED,
      id_status_from: STATUS.APPLIED,
      id_status_movement_type: 2,
    });
    const [hold] = await ctx.db
      .insert(s.messageHold)
      .values({
        id_school: app.id_school,
        id_campus: app.id_campus,
        batch: crypto.randomUUID(),
        moves: `${app.id_application},${app.id_campus},${STATUS.APPLIED},${STATUS.OFFERED}`,
        offers: 1,
        families: 1,
      })
      .returning();
    const cookie = await signIn(contact);
    const before = await asGuardian<FamilyApplication[]>(cookie, 'GET', '/family/applications');
    expect(before.body[0]).toMatchObject({ stage: 'applied', offer: null });
    await ctx.db
      .update(s.messageHold)
      .set({ releasedAt: new Date() })
      .where(eq(s.messageHold.id_message_hold, hold.id_message_hold));
    const after = await asGuardian<FamilyApplication[]>(cookie, 'GET', '/family/applications');
    expect(after.body[0]).toMatchObject({ stage: 'offered', offer: { canAnswer: true } });
  });
});
