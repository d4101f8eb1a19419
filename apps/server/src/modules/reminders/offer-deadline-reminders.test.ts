import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool } from '../../test/factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createApplication } from '../../test/application-factories';
import { createEmailTemplate, createReminder, createSmsTemplate } from '../../test/reminder-factories';
import { sendOfferDeadlineReminders } from './reminders.jobs';

/*
 * The reminder before an offer lapses (docs/api-reminders.md, "Before an offer lapses"): `offer_reminder_hours`
 * before the deadline, the campus's active reminders of the status Offered send their templates, once per offer.
 */

let ctx: TestContext;
let id_school = 0;
const HOUR = 60 * 60 * 1000;
/** The offers' deadline: Monday, December 7, 2026, 5:00 PM in New York. */
const DEADLINE = new Date('2026-12-07T22:00:00Z');

beforeAll(async () => {
  ctx = await startTestApp();
  ({ id_school } = await createSchool(ctx.db, 'Deadline Reminder School'));
});
afterAll(() => ctx?.close());

/** A campus whose period reminds `hours` before the deadline, with an Offered reminder (e-mail and SMS). */
async function campusWith(hours: number | null, reminderActive = true) {
  const campus = await createCampus(ctx.db, id_school);
  await createCampusGrades(ctx.db, campus, [3]);
  const period = await createPeriod(ctx.db, campus, {
    state: 'started',
    grades: { 3: 5 },
    offer_deadline_days: 2,
    offer_reminder_hours: hours,
  });
  const email = await createEmailTemplate(ctx.db, campus, {
    subject: 'Your seat offer lapses soon',
    text: 'Please answer by {{acceptance_deadline}}.',
    html: null,
  });
  const sms = await createSmsTemplate(ctx.db, campus, { text: 'Answer by {{acceptance_deadline}}.' });
  // a periodic reminder too, far from due: only the deadline one fires here
  await createReminder(ctx.db, campus, {
    id_status: STATUS.OFFERED,
    periodicity: 30,
    id_campus_email: email.id_campus_email,
    id_campus_text_message: sms.id_campus_text_message,
    isActive: reminderActive,
  });
  return period;
}

async function offerIn(period: Awaited<ReturnType<typeof createPeriod>>, deadline = DEADLINE) {
  const app = await createApplication(ctx.db, period, {
    id_status: STATUS.OFFERED,
    id_grade: 3,
    guardianEmail: `family${period.id_campus_year}@example.org`,
    guardianPhoneNumber: '+16025550100',
  });
  await ctx.db
    .update(s.application)
    .set({ offer_expires_at: deadline })
    .where(eq(s.application.id_application, app.id_application));
  return app.id_application;
}

const outboxOf = (id_application: number) =>
  ctx.db
    .select({ key: s.messageOutbox.idempotencyKey, channel: s.messageOutbox.channel, body: s.messageOutbox.body })
    .from(s.messageOutbox)
    .where(eq(s.messageOutbox.id_application, id_application));

describe('the reminder before an offer lapses', () => {
  it('queues the e-mail and the text once, within the hours before the deadline, naming the deadline', async () => {
    const period = await campusWith(24);
    const id = await offerIn(period);
    const at = (hoursBefore: number) => new Date(DEADLINE.getTime() - hoursBefore * HOUR);

    await sendOfferDeadlineReminders(ctx, at(25));
    expect(await outboxOf(id)).toEqual([]);

    const run = await sendOfferDeadlineReminders(ctx, at(23));
    expect(run.queued).toBeGreaterThanOrEqual(2);
    const queued = await outboxOf(id);
    expect(queued.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    for (const m of queued) {
      expect(m.key).toMatch(new RegExp(`^offer-deadline:\\d+:${id}:${DEADLINE.getTime()}:(email|sms)$`));
      expect(m.body).toContain('December 7, 2026 at 5:00 PM EST');
    }

    await sendOfferDeadlineReminders(ctx, at(22));
    await sendOfferDeadlineReminders(ctx, at(1));
    expect(await outboxOf(id)).toHaveLength(2);
  });

  it('reminds an offer made again (a new deadline) once more', async () => {
    const period = await campusWith(24);
    const id = await offerIn(period);
    await sendOfferDeadlineReminders(ctx, new Date(DEADLINE.getTime() - HOUR));
    const later = new Date(DEADLINE.getTime() + 7 * 24 * HOUR);
    await ctx.db.update(s.application).set({ offer_expires_at: later }).where(eq(s.application.id_application, id));
    await sendOfferDeadlineReminders(ctx, new Date(later.getTime() - HOUR));
    expect(await outboxOf(id)).toHaveLength(4);
  });

  it('sends nothing without reminder hours, after the deadline, for another status or an inactive reminder', async () => {
    const none = await offerIn(await campusWith(null));
    const inactive = await offerIn(await campusWith(24, false));
    const period = await campusWith(24);
    const lapsedAlready = await offerIn(period, new Date(DEADLINE.getTime() - 2 * HOUR));
    const moved = await offerIn(period);
    await ctx.db
      .update(s.application)
      .set({ id_status: STATUS.CONFIRMED, offer_expires_at: null })
      .where(eq(s.application.id_application, moved));
    await sendOfferDeadlineReminders(ctx, new Date(DEADLINE.getTime() - HOUR));
    for (const id of [none, inactive, lapsedAlready, moved]) expect(await outboxOf(id), String(id)).toEqual([]);
    const keys = await ctx.db
      .select({ key: s.messageOutbox.idempotencyKey })
      .from(s.messageOutbox)
      .where(like(s.messageOutbox.idempotencyKey, `offer-deadline:%:${none}:%`));
    expect(keys).toEqual([]);
  });
});
