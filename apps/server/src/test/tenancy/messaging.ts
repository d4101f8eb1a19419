import { STATUS } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import { createApplication } from '../application-factories';
import type { Fixtures, Row } from './kit';

// manual sending, the communication log, batches and captured SMS (modules/messaging)
type MessagingFixtures = Awaited<ReturnType<typeof buildMessagingFixtures>>;
let mf: MessagingFixtures;
const SECRET_PHONE = '+15550106677';
const SECRET_MESSAGING = ['Secret-B-Msg', 'secret.beta.family@example.org', 'Secret-Beta-Subject'];

async function buildMessagingFixtures(db: TestContext['db'], x: Fixtures) {
  const on = (
    c: 'a1' | 'a2' | 'b1',
    firstName: string,
    email: string,
    id_status?: typeof STATUS.DECLINED,
    guardianPhoneNumber?: string,
  ) =>
    createApplication(db, x.enrollment[c].period, {
      firstName,
      lastName: 'Messaging',
      guardianEmail: email,
      guardianPhoneNumber,
      id_status,
    });
  const own = await on('a1', 'Msg-A1-Child', 'alpha.family@example.org', undefined, '+15550104455');
  const sister = await on('a2', 'Secret-A2-Msg', 'secret.a2.family@example.org');
  const other = await on('b1', 'Secret-B-Msg', 'secret.beta.family@example.org', undefined, SECRET_PHONE);
  const ownDeclined = await on('a1', 'Declined-A1-Child', 'alpha.declined@example.org', STATUS.DECLINED);
  const otherDeclined = await on('b1', 'Secret-B-Declined', 'secret.beta.family@example.org', STATUS.DECLINED);
  const batch = async (app: typeof own) =>
    (
      await db
        .insert(s.messageBatch)
        .values({ id_school: app.id_school, id_campus: app.id_campus, channel: 'email', requested: 1 })
        .returning()
    )[0];
  const message = async (app: typeof own, subject: string, id_message_batch: number) =>
    (
      await db
        .insert(s.messageOutbox)
        .values({
          id_school: app.id_school,
          id_campus: app.id_campus,
          id_application: app.id_application,
          idempotencyKey: `tenancy:${subject}`,
          channel: 'email',
          id_message_type: 3,
          recipient: app.applicant.guardianEmail!,
          subject,
          body: `${subject} body`,
          status: 'sent',
          id_message_batch,
        })
        .returning()
    )[0];
  const ownBatch = await batch(own);
  const otherBatch = await batch(other);
  for (const app of [own, other])
    await db.insert(s.campusForm).values({
      id_school: app.id_school,
      id_campus: app.id_campus,
      form_name: 'Application form',
      form_id: `form-${app.id_campus}`,
      form_url: `https://forms.example.org/${app.id_campus}`,
      is_application_form: true,
      id_form_type: 1,
    });
  const [sms] = await db
    .insert(s.capturedTextMessage)
    .values({ to: '+15550102030', from: '+15550000000', body: 'secret-sms-body' })
    .returning();
  return {
    own,
    sister,
    other,
    ownDeclined,
    otherDeclined,
    ownBatch,
    otherBatch,
    ownMessage: await message(own, 'Alpha-Subject', ownBatch.id_message_batch),
    sisterMessage: await message(sister, 'Secret-A2-Subject', ownBatch.id_message_batch),
    otherMessage: await message(other, 'Secret-Beta-Subject', otherBatch.id_message_batch),
    sms,
  };
}

const mail = (id_application: number) => ({ id_application, subject: 'Tenancy hello', text: 'A message' });

export const MESSAGING_ROWS: Row[] = [
  {
    route: 'GET /application/:id/sms-consent',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/application/${mf.own.id_application}/sms-consent` }),
    other: () => ({ method: 'GET', path: `/application/${mf.other.id_application}/sms-consent` }),
    foreign: () => [SECRET_PHONE],
  },
  {
    route: 'POST /application/:id/sms-consent',
    actor: 'schoolA',
    own: () => ({
      method: 'POST',
      path: `/application/${mf.own.id_application}/sms-consent`,
      body: { granted: true, note: 'Said yes at the front desk' },
    }),
    other: () => ({
      method: 'POST',
      path: `/application/${mf.other.id_application}/sms-consent`,
      body: { granted: false },
    }),
    foreign: () => [SECRET_PHONE],
  },
  {
    route: 'POST /email/send',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/email/send', body: mail(mf.own.id_application) }),
    other: () => ({ method: 'POST', path: '/email/send', body: mail(mf.other.id_application) }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'POST /application/send',
    actor: 'campusA1',
    own: () => ({ method: 'POST', path: '/application/send', body: mail(mf.own.id_application) }),
    // another campus of the caller's school is beyond a campus user's reach
    other: () => ({ method: 'POST', path: '/application/send', body: mail(mf.sister.id_application) }),
    foreign: () => ['Secret-A2-Msg', 'secret.a2.family@example.org'],
  },
  {
    route: 'POST /email/send-multiple',
    actor: 'schoolA',
    own: () => ({
      method: 'POST',
      path: '/email/send-multiple',
      body: { ids: [mf.own.id_application], subject: 'Bulk', text: 'Bulk text' },
    }),
    other: () => ({
      method: 'POST',
      path: '/email/send-multiple',
      body: { ids: [mf.own.id_application, mf.other.id_application], subject: 'Bulk', text: 'Bulk text' },
    }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'POST /email/send-multiple',
    case: 'send message to declined',
    actor: 'campusAdminA',
    own: () => ({
      method: 'POST',
      path: '/email/send-multiple',
      body: { ids: [mf.ownDeclined.id_application], subject: 'Declined', text: 'x', list: 'declined' },
    }),
    other: () => ({
      method: 'POST',
      path: '/email/send-multiple',
      body: { ids: [mf.otherDeclined.id_application], subject: 'Declined', text: 'x', list: 'declined' },
    }),
    foreign: () => ['Secret-B-Declined', 'secret.beta.family@example.org'],
  },
  {
    route: 'GET /email/batch/:id',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/email/batch/${mf.ownBatch.id_message_batch}` }),
    other: () => ({ method: 'GET', path: `/email/batch/${mf.otherBatch.id_message_batch}` }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'POST /email/resend',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/email/resend', body: { id_message: mf.ownMessage.id_message } }),
    other: () => ({ method: 'POST', path: '/email/resend', body: { id_message: mf.otherMessage.id_message } }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'GET /communication/failed',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/communication/failed?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/communication/failed?id_campus=${x.b1.id_campus}` }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'GET /communication/failed',
    case: 'another campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/communication/failed?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/communication/failed?id_campus=${x.a2.id_campus}` }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'POST /communication/resend-failed',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/communication/resend-failed', body: { id_campus: x.a1.id_campus } }),
    other: (x) => ({ method: 'POST', path: '/communication/resend-failed', body: { id_school: x.schoolB.id_school } }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'POST /communication/resend-failed',
    case: 'another campus',
    actor: 'campusA1',
    own: () => ({ method: 'POST', path: '/communication/resend-failed', body: {} }),
    other: (x) => ({ method: 'POST', path: '/communication/resend-failed', body: { id_campus: x.a2.id_campus } }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'POST /application/resend-form',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/application/resend-form', body: { id_application: mf.own.id_application } }),
    other: () => ({
      method: 'POST',
      path: '/application/resend-form',
      body: { id_application: mf.other.id_application },
    }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'GET /communication',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/communication?id_application=${mf.own.id_application}` }),
    other: () => ({ method: 'GET', path: `/communication?id_application=${mf.sister.id_application}` }),
    foreign: () => ['Secret-A2-Subject', 'secret.a2.family@example.org'],
  },
  {
    route: 'GET /communication',
    case: 'another school',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/communication?id_application=${mf.own.id_application}` }),
    other: () => ({ method: 'GET', path: `/communication?id_application=${mf.other.id_application}` }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'GET /communication/outbox',
    actor: 'schoolA',
    ownActor: 'superAdmin',
    own: () => ({ method: 'GET', path: '/communication/outbox' }),
    other: () => ({ method: 'GET', path: '/communication/outbox' }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'GET /mail/captured-sms',
    actor: 'support',
    ownActor: 'superAdmin',
    own: () => ({ method: 'GET', path: '/mail/captured-sms' }),
    other: () => ({ method: 'GET', path: '/mail/captured-sms' }),
    foreign: () => ['secret-sms-body'],
  },
  {
    route: 'GET /mail/captured-sms/:id',
    actor: 'support',
    ownActor: 'superAdmin',
    own: () => ({ method: 'GET', path: `/mail/captured-sms/${mf.sms.id_captured_text_message}` }),
    other: () => ({ method: 'GET', path: `/mail/captured-sms/${mf.sms.id_captured_text_message}` }),
    foreign: () => ['secret-sms-body'],
  },
];

/** Builds the records of this part's rows (once, before the rows run). */
export async function setupMessaging(ctx: Pick<TestContext, 'db'>, x: Fixtures) {
  mf = await buildMessagingFixtures(ctx.db, x);
}
