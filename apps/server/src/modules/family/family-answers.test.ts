import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { FamilyDeclineReason } from '@openseat/shared/schemas/family';
import * as s from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { applicationRow, createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { tokenFor } from '../../test/session';
import { expireOffers } from '../waiting-list/waiting-list.service';

/*
 * Offers answered by the family in the portal (issue 24): accept -> confirmed, decline (with one of the school's
 * reasons) -> declined and the freed seat offered to the next family in the same transaction, exactly once; two
 * racing answers resolve to one; a lapsed or held offer cannot be answered; the history names the guardian.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let school: { id_school: number };
const SAME_SITE = { 'x-requested-with': 'fetch' };
let n = 0;

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Answers School');
});
afterAll(() => ctx?.close());

/** A guardian's portal cookie for this e-mail, as `POST /family/session` opens one. */
async function cookieFor(email: string) {
  const key = randomBytes(32).toString('base64url');
  await ctx.db
    .insert(s.guardianSession)
    .values({ keyHash: sha256(key), contactKey: email, kind: 'email', expiresAt: new Date(Date.now() + 3_600_000) });
  return `openseat_family=${key}`;
}

/**
 * A period of one seat in grade 3 (moving its waiting list on a decline), an offered family holding it and a
 * waiting family first in line.
 */
async function offeredAndWaiting() {
  const own = await createCampus(ctx.db, school.id_school, `Answers Campus ${++n}`);
  await createCampusGrades(ctx.db, own, [3]);
  const period = await createPeriod(ctx.db, own, {
    state: 'started',
    auto_move_waiting_list_on_decline: true,
    grades: { 3: 1 },
  });
  const email = `offered.${n}@example.org`;
  const offered = await createApplication(ctx.db, period, { id_status: STATUS.OFFERED, guardianEmail: email });
  const waiting = await createApplication(ctx.db, period, {
    id_status: STATUS.WAITING_LIST,
    guardianEmail: `waiting.${n}@example.org`,
  });
  return { period, offered, waiting, cookie: await cookieFor(email) };
}

const answer = (cookie: string, id: number, body: unknown) =>
  call<{ message: string; code?: string }>('POST', `/family/applications/${id}/answer`, {
    body,
    headers: { cookie, ...SAME_SITE },
  });
const seatsTaken = async (id_campus_year: number) =>
  (
    await ctx.db
      .select({ taken: s.campusYearGrade.taken })
      .from(s.campusYearGrade)
      .where(eq(s.campusYearGrade.id_campus_year, id_campus_year))
  )[0].taken;

describe('a family answers an offer', () => {
  it('accepts: confirmed, the history names the guardian, and a second answer is refused', async () => {
    const { period, offered, cookie } = await offeredAndWaiting();
    const res = await answer(cookie, offered.id_application, { answer: 'accept' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/accepted the seat/);
    expect((await applicationRow(ctx.db, offered.id_application)).id_status).toBe(STATUS.CONFIRMED);
    const [last] = await ctx.db
      .select()
      .from(s.applicationStatus)
      .where(eq(s.applicationStatus.id_application, offered.id_application))
      .orderBy(asc(s.applicationStatus.id_application_status))
      .then((rows) => rows.slice(-1));
    expect(last).toMatchObject({
      id_status: STATUS.CONFIRMED,
      id_status_movement_type: MOVEMENT_TYPE.GUARDIAN,
      id_user: null,
    });
    expect(await seatsTaken(period.id_campus_year)).toBe(1);
    const again = await answer(cookie, offered.id_application, { answer: 'decline', id_decline_reason: 1 });
    expect(again.status).toBe(409);
  });

  it('declines with one of the reasons, in the guardian language; the next family is offered the seat once', async () => {
    const { period, offered, waiting, cookie } = await offeredAndWaiting();
    await call('PUT', '/family/language', { body: { lng: 'ar' }, headers: { cookie, ...SAME_SITE } });
    const reasons = await call<FamilyDeclineReason[]>(
      'GET',
      `/family/applications/${offered.id_application}/decline-reasons`,
      { headers: { cookie } },
    );
    expect(reasons.body.map((r) => r.label)).toContain('اخترنا مدرسة أخرى');
    expect((await answer(cookie, offered.id_application, { answer: 'decline', id_decline_reason: 99999 })).status).toBe(
      400,
    );
    const res = await answer(cookie, offered.id_application, {
      answer: 'decline',
      id_decline_reason: reasons.body[0].id_decline_reason,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await applicationRow(ctx.db, offered.id_application)).id_status).toBe(STATUS.DECLINED);
    expect((await applicationRow(ctx.db, waiting.id_application)).id_status).toBe(STATUS.OFFERED);
    expect(await seatsTaken(period.id_campus_year)).toBe(1);
    const [saved] = await ctx.db
      .select()
      .from(s.offerAnswer)
      .where(eq(s.offerAnswer.id_application, offered.id_application));
    expect(saved).toMatchObject({ answer: 'decline', id_decline_reason: reasons.body[0].id_decline_reason });
  });

  it("offers the school's own reasons once it has any, instead of the built-in ones", async () => {
    const other = await createSchool(ctx.db, 'Own Reasons School');
    const own = await createCampus(ctx.db, other.id_school, 'Own Reasons Campus');
    await createCampusGrades(ctx.db, own, [3]);
    const period = await createPeriod(ctx.db, own, { state: 'started', grades: { 3: 1 } });
    const offered = await createApplication(ctx.db, period, {
      id_status: STATUS.OFFERED,
      guardianEmail: 'own.reasons@example.org',
    });
    await ctx.db.insert(s.declineReason).values([
      { id_school: other.id_school, labels: { en: 'Too far', es: 'Muy lejos' }, position: 1 },
      { id_school: other.id_school, labels: { en: 'Retired reason' }, position: 2, active: false },
    ]);
    const cookie = await cookieFor('own.reasons@example.org');
    await call('PUT', '/family/language', { body: { lng: 'es' }, headers: { cookie, ...SAME_SITE } });
    const reasons = await call<FamilyDeclineReason[]>(
      'GET',
      `/family/applications/${offered.id_application}/decline-reasons`,
      { headers: { cookie } },
    );
    expect(reasons.body.map((r) => r.label)).toEqual(['Muy lejos']);
  });

  it('two racing answers (two tabs, two guardians) resolve to exactly one', async () => {
    for (let round = 0; round < 3; round++) {
      const { period, offered, waiting, cookie } = await offeredAndWaiting();
      const [reason] = (
        await call<FamilyDeclineReason[]>('GET', `/family/applications/${offered.id_application}/decline-reasons`, {
          headers: { cookie },
        })
      ).body;
      const answers = await Promise.all([
        answer(cookie, offered.id_application, { answer: 'accept' }),
        answer(cookie, offered.id_application, { answer: 'decline', id_decline_reason: reason.id_decline_reason }),
        answer(cookie, offered.id_application, { answer: 'accept' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      const won = answers.find((a) => a.status === 200)!;
      const final = (await applicationRow(ctx.db, offered.id_application)).id_status;
      expect(final).toBe(/accepted/.test(won.body.message) ? STATUS.CONFIRMED : STATUS.DECLINED);
      const next = (await applicationRow(ctx.db, waiting.id_application)).id_status;
      expect(next).toBe(final === STATUS.DECLINED ? STATUS.OFFERED : STATUS.WAITING_LIST);
      expect(await seatsTaken(period.id_campus_year)).toBe(1);
      const saved = await ctx.db
        .select()
        .from(s.offerAnswer)
        .where(eq(s.offerAnswer.id_application, offered.id_application));
      expect(saved).toHaveLength(1);
    }
  });

  it('refuses a lapsed offer, a held one, and another family’s', async () => {
    const lapsed = await offeredAndWaiting();
    await ctx.db
      .update(s.application)
      .set({ offer_expires_at: new Date(Date.now() - 60_000) })
      .where(eq(s.application.id_application, lapsed.offered.id_application));
    const late = await answer(lapsed.cookie, lapsed.offered.id_application, { answer: 'accept' });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/deadline/);

    const held = await offeredAndWaiting();
    await ctx.db.insert(s.messageHold).values({
      id_school: school.id_school,
      id_campus: held.period.id_campus,
      batch: crypto.randomUUID(),
      moves: `${held.offered.id_application},${held.period.id_campus},${STATUS.APPLIED},${STATUS.OFFERED}`,
      offers: 1,
      families: 1,
    });
    expect((await answer(held.cookie, held.offered.id_application, { answer: 'accept' })).status).toBe(409);
    expect((await applicationRow(ctx.db, held.offered.id_application)).id_status).toBe(STATUS.OFFERED);

    const other = await offeredAndWaiting();
    expect((await answer(held.cookie, other.offered.id_application, { answer: 'accept' })).status).toBe(404);
    expect((await applicationRow(ctx.db, other.offered.id_application)).id_status).toBe(STATUS.OFFERED);
  });

  it('a lapse offers the freed seat once, even with two expiry runs at once', async () => {
    const { offered, waiting } = await offeredAndWaiting();
    await ctx.db
      .update(s.application)
      .set({ offer_expires_at: new Date(Date.now() - 60_000) })
      .where(eq(s.application.id_application, offered.id_application));
    const deps = { db: ctx.db, jobs: ctx.jobs };
    const runs = await Promise.allSettled([expireOffers(deps, new Date()), expireOffers(deps, new Date())]);
    const expired = runs.flatMap((r) => (r.status === 'fulfilled' ? r.value.expired : []));
    const offeredNext = runs.flatMap((r) => (r.status === 'fulfilled' ? r.value.offered : []));
    expect(expired.filter((id) => id === offered.id_application)).toHaveLength(1);
    expect(offeredNext.filter((id) => id === waiting.id_application)).toHaveLength(1);
    expect((await applicationRow(ctx.db, waiting.id_application)).id_status).toBe(STATUS.OFFERED);
    const moves = await ctx.db
      .select()
      .from(s.applicationStatus)
      .where(
        and(
          eq(s.applicationStatus.id_application, waiting.id_application),
          eq(s.applicationStatus.id_status, STATUS.OFFERED),
        ),
      );
    expect(moves).toHaveLength(1);
  });

  it('takes no staff token, and its cookie opens no staff route', async () => {
    const { offered, cookie } = await offeredAndWaiting();
    const staff = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
    expect((await call('GET', '/family/applications', { token: staff })).status).toBe(401);
    const staffRoute = await call('GET', `/application/${offered.id_application}`, { headers: { cookie } });
    expect(staffRoute.status).toBe(401);
  });
});
