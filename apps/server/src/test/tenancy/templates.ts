import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import { SECRET_CHILDREN, appOf } from './applications';
import type { Fixtures, Row } from './kit';

// e-mail and SMS templates of a campus (modules/templates): A1's own, A2's (another campus) and B1's (another school)
type TemplateFixtures = Awaited<ReturnType<typeof buildTemplateFixtures>>;
let tf: TemplateFixtures;
const SECRET_TEMPLATES = ['Secret-A2-Template', 'Secret-B1-Template', 'secret-template-body'];

async function buildTemplateFixtures(db: TestContext['db'], x: Fixtures) {
  const template = async (c: { id_school: number; id_campus: number }, name: string) => {
    const [email] = await db
      .insert(s.email)
      .values({
        id_school: c.id_school,
        name,
        subject: `${name} subject`,
        text: 'secret-template-body {{applicant_first_name}}',
        id_email_type: 1,
      })
      .returning();
    await db.insert(s.emailField).values({
      id_school: c.id_school,
      id_email: email.id_email,
      field_name: 'applicant_first_name',
      id_field_option: 1,
    });
    const [campusEmail] = await db
      .insert(s.campusEmail)
      .values({ id_school: c.id_school, id_campus: c.id_campus, id_email: email.id_email, id_status_to: 5 })
      .returning();
    const [message] = await db
      .insert(s.textMessage)
      .values({ id_school: c.id_school, name, text: 'secret-template-body', id_text_message_type: 1 })
      .returning();
    const [campusSms] = await db
      .insert(s.campusTextMessage)
      .values({
        id_school: c.id_school,
        id_campus: c.id_campus,
        id_text_message: message.id_text_message,
        id_status_to: 5,
      })
      .returning();
    return { email: campusEmail.id_campus_email, sms: campusSms.id_campus_text_message };
  };
  return {
    a1: await template(x.a1, 'Own-A1-Template'),
    a1Spare: await template(x.a1, 'Spare-A1-Template'),
    a2: await template(x.a2, 'Secret-A2-Template'),
    b1: await template(x.b1, 'Secret-B1-Template'),
  };
}

const templateEmailBody = (id_campus: number, name = 'New template') => ({
  id_campus,
  id_status_to: 5,
  name,
  subject: 'Hello {{applicant_first_name}}',
  text: 'A seat for {{applicant_first_name}}',
  id_email_type: 1,
});
const templateSmsBody = (id_campus: number, name = 'New SMS') => ({
  id_campus,
  id_status_to: 5,
  name,
  text: 'A seat for {{applicant_first_name}}',
  id_text_message_type: 1,
});
const previewBody = (x: Fixtures, c: 'a1' | 'a2' | 'b1') => ({
  id_campus: x[c].id_campus,
  id_application: appOf(x, c),
  subject: 'Hi {{applicant_first_name}}',
  text: 'Hi {{applicant_first_name}}',
});

export const TEMPLATE_ROWS: Row[] = [
  {
    route: 'GET /email/campus/all',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/email/campus/all?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/email/campus/all?id_campus=${x.a2.id_campus}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'GET /email/campus/all',
    case: "another school's campus",
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/email/campus/all?id_campus=${x.a2.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/email/campus/all?id_campus=${x.b1.id_campus}` }),
    foreign: () => ['Secret-B1-Template'],
  },
  {
    route: 'POST /email/campus/preview',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: '/email/campus/preview', body: previewBody(x, 'a1') }),
    other: (x) => ({ method: 'POST', path: '/email/campus/preview', body: previewBody(x, 'a2') }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'POST /email/campus/preview',
    case: 'an application of another campus on an own campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: '/email/campus/preview', body: previewBody(x, 'a1') }),
    other: (x) => ({
      method: 'POST',
      path: '/email/campus/preview',
      body: { ...previewBody(x, 'a1'), id_application: appOf(x, 'a2') },
    }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'GET /email/campus/:id',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/email/campus/${tf.a1.email}` }),
    other: () => ({ method: 'GET', path: `/email/campus/${tf.a2.email}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'GET /email/campus/:id',
    case: "another school's template",
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/email/campus/${tf.a2.email}` }),
    other: () => ({ method: 'GET', path: `/email/campus/${tf.b1.email}` }),
    foreign: () => ['Secret-B1-Template'],
  },
  {
    route: 'POST /email/campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: '/email/campus', body: templateEmailBody(x.a1.id_campus) }),
    other: (x) => ({ method: 'POST', path: '/email/campus', body: templateEmailBody(x.a2.id_campus) }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'POST /email/campus',
    case: "another school's campus",
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/email/campus', body: templateEmailBody(x.a2.id_campus) }),
    other: (x) => ({ method: 'POST', path: '/email/campus', body: templateEmailBody(x.b1.id_campus) }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'PUT /email/campus/:id',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: `/email/campus/${tf.a1.email}`,
      body: templateEmailBody(x.a1.id_campus, 'Own-A1-Template'),
    }),
    other: (x) => ({
      method: 'PUT',
      path: `/email/campus/${tf.a2.email}`,
      body: templateEmailBody(x.a2.id_campus, 'Planted'),
    }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'PUT /email/campus/:id',
    case: "another school's template",
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: `/email/campus/${tf.a1.email}`,
      body: templateEmailBody(x.a1.id_campus, 'Own-A1-Template'),
    }),
    other: (x) => ({
      method: 'PUT',
      path: `/email/campus/${tf.b1.email}`,
      body: templateEmailBody(x.b1.id_campus, 'Planted'),
    }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'DELETE /email/campus/:id',
    actor: 'campusA1',
    own: () => ({ method: 'DELETE', path: `/email/campus/${tf.a1Spare.email}` }),
    other: () => ({ method: 'DELETE', path: `/email/campus/${tf.a2.email}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'DELETE /email/campus/:id',
    case: "another school's template",
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/email/campus/all?id_campus=${x.a1.id_campus}` }),
    other: () => ({ method: 'DELETE', path: `/email/campus/${tf.b1.email}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'GET /sms/campus/all/:id',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/sms/campus/all/${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/sms/campus/all/${x.a2.id_campus}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'GET /sms/campus/all/:id',
    case: "another school's campus",
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/sms/campus/all/${x.a2.id_campus}?text=secret` }),
    other: (x) => ({ method: 'GET', path: `/sms/campus/all/${x.b1.id_campus}` }),
    foreign: () => ['Secret-B1-Template'],
  },
  {
    route: 'POST /sms/campus/preview',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: '/sms/campus/preview', body: previewBody(x, 'a1') }),
    other: (x) => ({ method: 'POST', path: '/sms/campus/preview', body: previewBody(x, 'a2') }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'POST /sms/campus/preview',
    case: "another school's application",
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/sms/campus/preview', body: previewBody(x, 'a2') }),
    other: (x) => ({ method: 'POST', path: '/sms/campus/preview', body: previewBody(x, 'b1') }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'GET /sms/campus/:id',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/sms/campus/${tf.a1.sms}` }),
    other: () => ({ method: 'GET', path: `/sms/campus/${tf.a2.sms}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'GET /sms/campus/:id',
    case: "another school's template",
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/sms/campus/${tf.a2.sms}` }),
    other: () => ({ method: 'GET', path: `/sms/campus/${tf.b1.sms}` }),
    foreign: () => ['Secret-B1-Template'],
  },
  {
    route: 'POST /sms/campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: '/sms/campus', body: templateSmsBody(x.a1.id_campus) }),
    other: (x) => ({ method: 'POST', path: '/sms/campus', body: templateSmsBody(x.a2.id_campus) }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'POST /sms/campus',
    case: "another school's campus",
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/sms/campus', body: templateSmsBody(x.a2.id_campus) }),
    other: (x) => ({ method: 'POST', path: '/sms/campus', body: templateSmsBody(x.b1.id_campus) }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'PUT /sms/campus/:id',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: `/sms/campus/${tf.a1.sms}`,
      body: templateSmsBody(x.a1.id_campus, 'Own-A1-Template'),
    }),
    other: (x) => ({
      method: 'PUT',
      path: `/sms/campus/${tf.a2.sms}`,
      body: templateSmsBody(x.a2.id_campus, 'Planted'),
    }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'PUT /sms/campus/:id',
    case: "another school's template",
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: `/sms/campus/${tf.a1.sms}`,
      body: templateSmsBody(x.a1.id_campus, 'Own-A1-Template'),
    }),
    other: (x) => ({
      method: 'PUT',
      path: `/sms/campus/${tf.b1.sms}`,
      body: templateSmsBody(x.b1.id_campus, 'Planted'),
    }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'DELETE /sms/campus/:id',
    actor: 'campusA1',
    own: () => ({ method: 'DELETE', path: `/sms/campus/${tf.a1Spare.sms}` }),
    other: () => ({ method: 'DELETE', path: `/sms/campus/${tf.a2.sms}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'DELETE /sms/campus/:id',
    case: "another school's template",
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/sms/campus/${tf.a1.sms}` }),
    other: () => ({ method: 'DELETE', path: `/sms/campus/${tf.b1.sms}` }),
    foreign: () => SECRET_TEMPLATES,
  },
];

/** Builds the records of this part's rows (once, before the rows run). */
export async function setupTemplates(ctx: Pick<TestContext, 'db'>, x: Fixtures) {
  tf = await buildTemplateFixtures(ctx.db, x);
}
