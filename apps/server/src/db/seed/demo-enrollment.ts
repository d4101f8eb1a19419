import { STATUS } from '@openseat/shared/constants';
import type { Executor } from '../client';
import { FIELD_OPTIONS, GRADES, PRIORITY_ITEMS } from '../reference-data';
import * as s from '../schema/index';
import { type Random } from './random';
import { OFFER_EMAILS, OFFER_TEXT_MESSAGES, type DefaultTemplate } from './default-templates';

/** The demo's school years: enrollment for 2027-2028 is open now; 2028-2029 is set up but not started. */
export const OPEN_YEAR = { id_school_year: 4, name: '2027-2028' };
export const NEXT_YEAR = { id_school_year: 5, name: '2028-2029' };

export type DemoCampus = { id_school: number; id_campus: number; grades: number[] };
export type DemoPeriod = {
  id_campus_year: number;
  id_school: number;
  id_campus: number;
  id_school_year: number;
  seats: Map<number, { id: number; spots: number; taken: number }>;
};

/** Grades each demo campus offers (by id_grade: 1 = PK, 2 = K, 3.. = 1st..). */
export const gradesOfCampus = (campusName: string): number[] => {
  if (/High/.test(campusName)) return GRADES.filter((g) => g.id_grade >= 11).map((g) => g.id_grade);
  if (/Elementary/.test(campusName)) return GRADES.filter((g) => g.id_grade <= 7).map((g) => g.id_grade);
  return GRADES.map((g) => g.id_grade);
};

export async function seedCampusSetup(
  tx: Executor,
  campus: DemoCampus,
  random: Random,
): Promise<{ open: DemoPeriod; next: DemoPeriod }> {
  await tx.insert(s.campusGrade).values(
    GRADES.map((g) => ({
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      id_grade: g.id_grade,
      activatable: campus.grades.includes(g.id_grade),
      optionValue: g.name,
      optionLabel: g.name,
    })),
  );
  await tx.insert(s.campusPriority).values(
    PRIORITY_ITEMS.map((p, i) => ({
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      id_priority_item: p.id_priority_item,
      priority_level: i + 1,
    })),
  );
  const open = await seedPeriod(tx, campus, random, {
    id_school_year: OPEN_YEAR.id_school_year,
    state: 'started',
    enrollment_start_date: '2026-10-01',
    enrollment_end_date: '2027-03-31',
    first_day_of_school: '2027-08-09',
    enrollment_acceptance_period: 7,
    startedAt: new Date('2026-10-01T08:00:00Z'),
  });
  const next = await seedPeriod(tx, campus, random, {
    id_school_year: NEXT_YEAR.id_school_year,
    state: 'not_started',
    enrollment_acceptance_period: 7,
  });
  return { open, next };
}

async function seedPeriod(
  tx: Executor,
  campus: DemoCampus,
  random: Random,
  values: Omit<typeof s.campusYear.$inferInsert, 'id_school' | 'id_campus'>,
): Promise<DemoPeriod> {
  const perGrade = campus.grades.map((id_grade) => ({ id_grade, spots: random.int(3, 10) * 5 }));
  const spots = perGrade.reduce((sum, g) => sum + g.spots, 0);
  const [period] = await tx
    .insert(s.campusYear)
    .values({ ...values, id_school: campus.id_school, id_campus: campus.id_campus, spots })
    .returning({ id: s.campusYear.id_campus_year });
  const rows = await tx
    .insert(s.campusYearGrade)
    .values(
      perGrade.map((g) => ({
        id_school: campus.id_school,
        id_campus_year: period.id,
        id_grade: g.id_grade,
        spots: g.spots,
      })),
    )
    .returning({
      id: s.campusYearGrade.id_campus_year_grade,
      id_grade: s.campusYearGrade.id_grade,
      spots: s.campusYearGrade.spots,
    });
  return {
    id_campus_year: period.id,
    id_school: campus.id_school,
    id_campus: campus.id_campus,
    id_school_year: values.id_school_year,
    seats: new Map(rows.map((r) => [r.id_grade, { id: r.id, spots: r.spots, taken: 0 }])),
  };
}

const TAGS = [
  ['Needs IEP review', 'The family shared an IEP or 504 plan.'],
  ['Bus rider', 'Needs a seat on the school bus.'],
  ['Sibling enrolled', 'A sibling already attends this campus.'],
  ['Follow up', 'Staff should call the family back.'],
] as const;

export async function seedTags(tx: Executor, campus: DemoCampus): Promise<number[]> {
  const rows = await tx
    .insert(s.tag)
    .values(
      TAGS.map(([name, description]) => ({
        id_school: campus.id_school,
        id_campus: campus.id_campus,
        name,
        description,
      })),
    )
    .returning({ id: s.tag.id_tag });
  return rows.map((r) => r.id);
}

type Template = DefaultTemplate;
type EmailTemplate = Template & { subject: string };

const EMAILS: EmailTemplate[] = [
  ...OFFER_EMAILS,
  {
    from: STATUS.LEAD,
    to: STATUS.CONTACTED,
    lng: 'en',
    name: 'We received your interest',
    subject: 'Thanks for your interest in {{campus_name}}',
    text: 'Hello {{guardian_name}},\n\nThank you for your interest in {{campus_name}}. Complete the application here: {{form_url}}',
  },
  {
    from: STATUS.CONTACTED,
    to: STATUS.APPLIED,
    lng: 'en',
    name: 'Application received',
    subject: 'We received the application of {{applicant_first_name}}',
    text: 'Hello {{guardian_name}},\n\nWe received the application of {{applicant_first_name}} {{applicant_last_name}} for grade {{grade}} in {{school_year}}. We will be in touch soon.',
  },
  {
    from: STATUS.APPLIED,
    to: STATUS.WAITING_LIST,
    lng: 'en',
    name: 'Waiting list notice',
    subject: '{{applicant_first_name}} is on our waiting list',
    text: 'Hello {{guardian_name}},\n\n{{applicant_first_name}} is on the waiting list for grade {{grade}}. We will contact you as soon as a seat opens.',
  },
  {
    from: STATUS.OFFERED,
    to: STATUS.CONFIRMED,
    lng: 'en',
    name: 'Seat confirmed',
    subject: 'Welcome to {{campus_name}}!',
    text: 'Hello {{guardian_name}},\n\nThank you for confirming the seat of {{applicant_first_name}}. Enrollment paperwork follows.',
  },
  {
    from: STATUS.LEAD,
    to: STATUS.CONTACTED,
    lng: 'es',
    name: 'Recibimos su interés',
    subject: 'Gracias por su interés en {{campus_name}}',
    text: 'Hola {{guardian_name}},\n\nGracias por su interés en {{campus_name}}. Complete la solicitud aquí: {{form_url}}',
  },
];

const TEXT_MESSAGES: Template[] = [
  ...OFFER_TEXT_MESSAGES,
  {
    from: STATUS.APPLIED,
    to: STATUS.WAITING_LIST,
    lng: 'en',
    name: 'Waiting list (SMS)',
    text: '{{campus_name}}: {{applicant_first_name}} is on the waiting list for grade {{grade}}. We will text you when a seat opens.',
  },
];

const STATUS_CHANGE = 1;
const fieldOptionId = new Map(FIELD_OPTIONS.map((f) => [f.name, f.id_field_option]));

/** The placeholders a template uses, each tied to the application field that fills it. */
const fieldsOf = (...texts: string[]) =>
  [...new Set(texts.flatMap((t) => [...t.matchAll(/{{(\w+)}}/g)].map((m) => m[1])))].map((field_name) => ({
    field_name,
    id_field_option: fieldOptionId.get(field_name) ?? null,
  }));

async function seedEmail(tx: Executor, campus: DemoCampus, e: EmailTemplate): Promise<number> {
  const [row] = await tx
    .insert(s.email)
    .values({
      id_school: campus.id_school,
      name: e.name,
      subject: e.subject,
      text: e.text,
      id_email_type: STATUS_CHANGE,
      lng: e.lng,
    })
    .returning({ id: s.email.id_email });
  await tx
    .insert(s.emailField)
    .values(fieldsOf(e.subject, e.text).map((f) => ({ ...f, id_school: campus.id_school, id_email: row.id })));
  const [link] = await tx
    .insert(s.campusEmail)
    .values({
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      id_status_from: e.from,
      id_status_to: e.to,
      id_email: row.id,
    })
    .returning({ id: s.campusEmail.id_campus_email });
  return link.id;
}

async function seedTextMessage(tx: Executor, campus: DemoCampus, m: Template): Promise<number> {
  const [row] = await tx
    .insert(s.textMessage)
    .values({
      id_school: campus.id_school,
      id_text_message_type: STATUS_CHANGE,
      name: m.name,
      text: m.text,
      lng: m.lng,
    })
    .returning({ id: s.textMessage.id_text_message });
  await tx
    .insert(s.textMessageField)
    .values(fieldsOf(m.text).map((f) => ({ ...f, id_school: campus.id_school, id_text_message: row.id })));
  const [link] = await tx
    .insert(s.campusTextMessage)
    .values({
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      id_status_from: m.from,
      id_status_to: m.to,
      id_text_message: row.id,
    })
    .returning({ id: s.campusTextMessage.id_campus_text_message });
  return link.id;
}

/**
 * Status-change e-mails and texts (English, some Spanish; the offer in the six family languages), one reminder to confirm an offered seat, and the campus's
 * application form (Typeform), whose link fills {{form_url}}.
 */
export async function seedTemplates(tx: Executor, campus: DemoCampus): Promise<void> {
  await tx.insert(s.campusForm).values({
    id_school: campus.id_school,
    id_campus: campus.id_campus,
    form_name: 'Online application (Typeform)',
    form_id: `demo${campus.id_campus}`,
    form_url: `https://form.typeform.com/to/demo${campus.id_campus}`,
    is_application_form: true,
    id_form_type: 1,
  });
  const emailIds: number[] = [];
  for (const e of EMAILS) emailIds.push(await seedEmail(tx, campus, e));
  const smsIds: number[] = [];
  for (const m of TEXT_MESSAGES) smsIds.push(await seedTextMessage(tx, campus, m));
  const offeredEmail = emailIds[EMAILS.findIndex((e) => e.to === STATUS.OFFERED && e.lng === 'en')];
  const offeredSms = smsIds[TEXT_MESSAGES.findIndex((m) => m.to === STATUS.OFFERED && m.lng === 'en')];
  const [reminder] = await tx
    .insert(s.reminder)
    .values({
      id_school: campus.id_school,
      id_status: STATUS.OFFERED,
      name: 'Confirm your seat',
      periodicity: 3,
      id_campus_email: offeredEmail,
      id_campus_text_message: offeredSms,
    })
    .returning({ id: s.reminder.id_reminder });
  await tx
    .insert(s.campusReminder)
    .values({ id_school: campus.id_school, id_campus: campus.id_campus, id_reminder: reminder.id });
}
