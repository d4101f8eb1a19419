import { z } from 'zod';
import { CHANNELS, MESSAGE_STATES } from '../communication';
import { FORM_PROVIDER } from '../constants';
import { FAMILY_LANGUAGES } from './family';
import { exactTotal, PageQuerySchema } from './pagination';
import { booleanFlag, id, optionalId, optionalText, requiredSelect, requiredText, text, wholeNumber } from './rules';

/*
 * Contracts of the communication and intake work (docs/api-messaging.md, api-templates.md, api-reminders.md,
 * api-forms.md): e-mail and SMS templates of a campus, reminders, manual sending and the communication log, forms
 * and their submissions.
 */

const int = () => z.number().int();
/** A template is written in one of the family languages (the staff who write it see English or Spanish). */
const language = z.enum(FAMILY_LANGUAGES, { error: 'invalidValue' });
const channel = z.enum(CHANNELS, { error: 'invalidValue' });
/** A template body: long enough for a real e-mail, never unbounded. */
const body = (max: number) => text('required').max(max, { error: 'tooLong' });
const optionalBody = (max: number) =>
  text('invalidValue')
    .max(max, { error: 'tooLong' })
    .nullish()
    .transform((v) => (v && v.trim() ? v : null));

/** The move a template, reminder or form is bound to: from (null: any status) -> to (null: not bound). */
const binding = { id_status_from: optionalId, id_status_to: optionalId };

export type BoundMove = { id_status_from: number | null; id_status_to: number | null };

/**
 * The rule of a bound move, written once for the template and form services and the template dialog: a
 * status-change template needs the status it is sent on (`to`), and from and to differ. Both messages stand on
 * `id_status_to`. `needsMove` says whether the value is a status-change template.
 */
export const refineBoundMove =
  <T extends BoundMove>(needsMove: (value: T) => boolean = () => false) =>
  (value: T, ctx: z.RefinementCtx<T>) => {
    if (needsMove(value) && value.id_status_to === null)
      ctx.addIssue({ code: 'custom', path: ['id_status_to'], message: 'templateNeedsMove' });
    else if (value.id_status_from !== null && value.id_status_from === value.id_status_to)
      ctx.addIssue({ code: 'custom', path: ['id_status_to'], message: 'templateSameStatus' });
  };

/** A bound move checked on its own (the services check it after the catalog ids, as the rule's last step). */
export const BoundMoveSchema = z
  .object({
    id_status_from: int().nullable(),
    id_status_to: int().nullable(),
    /** A status-change template: it is sent on a move, so it needs `to`. */
    needsMove: z.boolean().default(false),
  })
  .superRefine(refineBoundMove((v) => v.needsMove));

/** The rule's refusal of a bound move as a field error (null: none), for a service to answer 400 with. */
export function boundMoveError(value: z.input<typeof BoundMoveSchema>) {
  const issue = BoundMoveSchema.safeParse(value).error?.issues[0];
  return issue ? { path: 'id_status_to', message: issue.message } : null;
}

// ---- templates ----

export const EmailTemplateRequestSchema = z.object({
  id_campus: requiredSelect,
  ...binding,
  name: requiredText(120),
  subject: requiredText(250),
  /** Plain-text body (required: every mail has one). */
  text: body(20_000).trim().min(1, { error: 'required' }),
  /** Optional HTML body; merge values are escaped into it. */
  html: optionalBody(100_000),
  id_email_type: requiredSelect,
  /** A provider template id (SendGrid dynamic template), kept for the school's own use. */
  id_template: optionalText(120),
  lng: language.default('en'),
});
export type EmailTemplateRequest = z.infer<typeof EmailTemplateRequestSchema>;

export const TextMessageTemplateRequestSchema = z.object({
  id_campus: requiredSelect,
  ...binding,
  name: requiredText(120),
  text: body(1_600).trim().min(1, { error: 'required' }),
  id_text_message_type: requiredSelect,
  lng: language.default('en'),
});
export type TextMessageTemplateRequest = z.infer<typeof TextMessageTemplateRequestSchema>;

export const TemplateListQuerySchema = PageQuerySchema.extend({
  id_campus: id.optional(),
  /** E-mail type or text message type (spec section 5: filter by type and text). */
  id_type: optionalId.optional(),
});
export type TemplateListQuery = z.infer<typeof TemplateListQuerySchema>;

/** Renders a template (as typed, not yet saved) on a real application of the campus. */
export const TemplatePreviewRequestSchema = z.object({
  id_campus: requiredSelect,
  id_application: id,
  subject: optionalBody(250),
  text: body(20_000),
  html: optionalBody(100_000),
  /** The template's language: its dates are written in it (default: the family's own). */
  lng: language.optional(),
});
export type TemplatePreviewRequest = z.infer<typeof TemplatePreviewRequestSchema>;

export const TemplateFieldSchema = z.object({
  id_field: int(),
  field_name: z.string(),
  id_field_option: int().nullable(),
  /** Filled from a form answer of that name, not from the application. */
  is_form: z.boolean(),
});

export const CampusEmailRowSchema = z.object({
  id_campus_email: int(),
  id_campus: int(),
  id_status_from: int().nullable(),
  id_status_to: int().nullable(),
  email: z.object({
    id_email: int(),
    name: z.string(),
    subject: z.string(),
    id_template: z.string().nullable(),
    text: z.string().nullable(),
    html: z.string().nullable(),
    id_email_type: int(),
    lng: z.string(),
    fields: z.array(TemplateFieldSchema),
  }),
});
export type CampusEmailRow = z.infer<typeof CampusEmailRowSchema>;

export const CampusTextMessageRowSchema = z.object({
  id_campus_text_message: int(),
  id_campus: int(),
  id_status_from: int().nullable(),
  id_status_to: int().nullable(),
  text_message: z.object({
    id_text_message: int(),
    id_text_message_type: int(),
    name: z.string(),
    text: z.string(),
    lng: z.string(),
    fields: z.array(TemplateFieldSchema),
  }),
});
export type CampusTextMessageRow = z.infer<typeof CampusTextMessageRowSchema>;

export const SmsSegmentsSchema = z.object({
  encoding: z.enum(['GSM-7', 'UCS-2']),
  units: int(),
  segments: int(),
  perSegment: int(),
  nonGsm: z.array(z.string()),
});

export const TemplatePreviewSchema = z.object({
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  /** The SMS size of `text`. */
  segments: SmsSegmentsSchema,
  /** Placeholders that matched no field (they render empty). */
  unknownFields: z.array(z.string()),
});
export type TemplatePreview = z.infer<typeof TemplatePreviewSchema>;

// ---- reminders ----

/** What narrows a reminder beyond its status. */
export const REMINDER_CONDITIONS = ['registration_incomplete'] as const;
export type ReminderCondition = (typeof REMINDER_CONDITIONS)[number];

export const ReminderRequestSchema = z
  .object({
    id_campus: requiredSelect,
    name: requiredText(120),
    id_status: requiredSelect,
    /** Days between two reminders (spec: parsed to an integer). */
    periodicity: wholeNumber(1, 365, {
      required: 'required',
      notNumber: 'mustBeNumber',
      notWhole: 'mustBeInteger',
      tooSmall: 'quantityPositive',
      tooLarge: 'numberOutOfRange',
    }),
    id_campus_email: optionalId.default(null),
    id_campus_text_message: optionalId.default(null),
    isActive: booleanFlag.default(true),
    /**
     * Null: every application in the status. `registration_incomplete`: only those (confirmed or enrolled) whose
     * registration checklist has a required item not sent or returned (docs/registration.md, "Reminders").
     */
    condition: z
      .enum(REMINDER_CONDITIONS, { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((r) => r.id_campus_email !== null || r.id_campus_text_message !== null, {
    error: 'reminderChannel',
    path: ['id_campus_email'],
  });
export type ReminderRequest = z.infer<typeof ReminderRequestSchema>;

export const ReminderRowSchema = z.object({
  id_reminder: int(),
  id_campus_reminder: int(),
  id_campus: int(),
  name: z.string(),
  id_status: int(),
  periodicity: int(),
  id_campus_email: int().nullable(),
  id_campus_text_message: int().nullable(),
  isActive: z.boolean(),
  condition: z.enum(REMINDER_CONDITIONS).nullable(),
});
export type ReminderRow = z.infer<typeof ReminderRowSchema>;

// ---- manual sending and the communication log ----

export const SendEmailRequestSchema = z.object({
  id_application: id,
  subject: requiredText(250),
  text: body(20_000).trim().min(1, { error: 'required' }),
});
export type SendEmailRequest = z.infer<typeof SendEmailRequestSchema>;

export const SendMultipleRequestSchema = z.object({
  ids: z.array(id, { error: 'required' }).min(1, { error: 'required' }).max(10_000, { error: 'tooLong' }),
  channel: channel.default('email'),
  /** Required for e-mail. */
  subject: optionalText(250),
  text: body(20_000).trim().min(1, { error: 'required' }),
  /** 'declined': the declined list's "send message to declined" (its own permission; only declined applications). */
  list: z.enum(['any', 'declined'], { error: 'invalidValue' }).default('any'),
});
export type SendMultipleRequest = z.infer<typeof SendMultipleRequestSchema>;

export const MessageBatchSchema = z.object({
  id_message_batch: int(),
  requested: int(),
  /** Messages by state; `requested - total` had no address. */
  queued: int(),
  sent: int(),
  delivered: int(),
  failed: int(),
  skipped: int(),
  total: int(),
});
export type MessageBatch = z.infer<typeof MessageBatchSchema>;

export const CommunicationQuerySchema = PageQuerySchema.extend({ id_application: id });
export type CommunicationQuery = z.infer<typeof CommunicationQuerySchema>;

export const OutboxQuerySchema = PageQuerySchema.extend({
  status: z.enum(MESSAGE_STATES, { error: 'invalidValue' }).optional(),
  channel: channel.optional(),
  id_school: id.optional(),
  exactTotal,
});
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

export const CommunicationEntrySchema = z.object({
  id_message: int(),
  id_application: int().nullable(),
  /** 'email' or 'sms' (the spec's type). */
  type: channel,
  id_message_type: int(),
  /** The template's name, or null for a custom message. */
  template: z.string().nullable(),
  id_campus_email: int().nullable(),
  id_campus_text_message: int().nullable(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  state: z.enum(MESSAGE_STATES),
  attempts: int(),
  /** The provider's error of the last failed try. */
  error: z.string().nullable(),
  author: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type CommunicationEntry = z.infer<typeof CommunicationEntrySchema>;

/** The admin outbox: the log's entry with the school it belongs to. */
export const OutboxEntrySchema = CommunicationEntrySchema.extend({ id_school: int(), school: z.string() });
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

export const ResendRequestSchema = z.object({ id_message: id });
export type ResendRequest = z.infer<typeof ResendRequestSchema>;

export const ResendFormRequestSchema = z.object({ id_application: id });
export type ResendFormRequest = z.infer<typeof ResendFormRequestSchema>;

// ---- failed messages, sent again in bulk (docs/api-messaging.md) ----

const instant = z.iso.datetime({ offset: true, error: 'invalidValue' });

/** Which failed messages: always within the caller's school and campuses; every field narrows further. */
export const FailedMessagesFilterSchema = z
  .object({
    channel: channel.optional(),
    /** Messages written (queued) at or after this instant, ISO 8601. */
    from: instant.optional(),
    /** Messages written before this instant, ISO 8601; after `from`. */
    to: instant.optional(),
    /** One campus of the caller's scope (another campus matches nothing). */
    id_campus: id.optional(),
    /** System users: one school (a school user's own school applies whatever this says). */
    id_school: id.optional(),
  })
  .refine((f) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to), {
    error: 'dateOutOfRange',
    path: ['to'],
  });
export type FailedMessagesFilter = z.infer<typeof FailedMessagesFilterSchema>;

/** Messages by state. */
const stateCounts = z.object({
  queued: int(),
  sent: int(),
  delivered: int(),
  failed: int(),
  skipped: int(),
  total: int(),
});

export const FailedMessagesSchema = z.object({
  /** Failed messages (after all their tries) matching the filter that were not sent again yet. */
  failed: int(),
  /** The copies already sent again for messages matching the filter, by their state: the progress of a resend. */
  resent: stateCounts,
});
export type FailedMessages = z.infer<typeof FailedMessagesSchema>;

export const ResendFailedResultSchema = z.object({
  /** Failed messages this request took (at most 10,000, oldest first). */
  matched: int(),
  /** Copies queued now; fewer than `matched` when a concurrent request queued some first. */
  resent: int(),
  /** Failed messages still matching after this request (over the 10,000 of one request). */
  remaining: int(),
});
export type ResendFailedResult = z.infer<typeof ResendFailedResultSchema>;

/** An SMS kept by the capture transport (no Twilio account), as the Mail page's SMS tab lists it. */
export const CapturedSmsSchema = z.object({
  id_captured_text_message: int(),
  to: z.string(),
  from: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type CapturedSms = z.infer<typeof CapturedSmsSchema>;

// ---- forms and submissions ----

/**
 * The application fields a form answer can fill (docs/api-forms.md, "Mapping"): a form's field_map names one of
 * these for a question; questions not in the map are matched by their normalized title or ref.
 */
export const FORM_FIELDS = [
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'date_of_birth',
  'grade',
  'address',
  'address_street',
  'address_city',
  'address_state',
  'address_zip',
  'gender',
  'ethnicity',
  'actual_school',
  'guardian_name',
  'guardian_email',
  'guardian_phone',
  'guardian_address',
  'guardian_occupation',
  'guardian_language',
  'event_preference',
  /** A yes/no or checkbox question "Text me about this application": answered yes, the phone given consents to texts. */
  'sms_consent',
  'id_application',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export const CampusFormRequestSchema = z.object({
  id_campus: requiredSelect,
  id_campus_year: optionalId.default(null),
  ...binding,
  form_name: requiredText(120),
  /** The provider's form id (Typeform's form id, the Google form's id). */
  form_id: requiredText(120),
  form_url: optionalText(500),
  is_application_form: booleanFlag.default(false),
  id_form_type: z.union([z.literal(FORM_PROVIDER.TYPEFORM), z.literal(FORM_PROVIDER.GOOGLE_FORMS)], {
    error: 'required',
  }),
  /** Question (ref, id or title) -> application field name; questions not listed are matched by their name. */
  field_map: z
    .record(text().max(200), z.enum(FORM_FIELDS, { error: 'invalidValue' }))
    .refine((m) => Object.keys(m).length <= 200, { error: 'tooLong' })
    .default({}),
});
export type CampusFormRequest = z.infer<typeof CampusFormRequestSchema>;

export const CampusFormQuerySchema = z.object({ id_campus: id, id_campus_year: optionalId.optional() });

export const CampusFormRowSchema = z.object({
  id_campus_form: int(),
  id_campus: int(),
  id_campus_year: int().nullable(),
  id_status_from: int().nullable(),
  id_status_to: int().nullable(),
  form_name: z.string(),
  form_id: z.string(),
  form_url: z.string().nullable(),
  is_application_form: z.boolean(),
  id_form_type: int(),
  field_map: z.record(z.string(), z.string()),
  /** The address the provider posts to. */
  webhookUrl: z.string(),
  hasSecret: z.boolean(),
});
export type CampusFormRow = z.infer<typeof CampusFormRowSchema>;

/** A new webhook secret, shown once. */
export const FormSecretSchema = z.object({ secret: z.string() });

export const SubmissionRowSchema = z.object({
  id_form_submission: int(),
  id_campus: int(),
  id_campus_form: int().nullable(),
  form_name: z.string().nullable(),
  id_form_type: int(),
  deliveryId: z.string(),
  id_application: int().nullable(),
  status: z.enum(['processed', 'needs_review']),
  error: z.string().nullable(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  createdAt: z.string(),
});
export type SubmissionRow = z.infer<typeof SubmissionRowSchema>;

export const SubmissionListQuerySchema = PageQuerySchema.extend({
  id_campus: id,
  status: z.enum(['processed', 'needs_review'], { error: 'invalidValue' }).optional(),
  exactTotal,
});
export type SubmissionListQuery = z.infer<typeof SubmissionListQuerySchema>;

export const SubmissionCsvRequestSchema = z.object({
  id_campus: requiredSelect,
  id_campus_form: optionalId.default(null),
  /** Only these applications' submissions (a list selection); none: every submission of the campus. */
  ids: z.array(id).max(100_000, { error: 'tooLong' }).optional(),
});
export type SubmissionCsvRequest = z.infer<typeof SubmissionCsvRequestSchema>;

/** What a webhook answers the provider (always 2xx once the signature is good: a provider would retry otherwise). */
export const WebhookAnswerSchema = z.object({
  /** processed; needs_review (kept, not matched); duplicate (a redelivery, nothing changed); ignored (partial). */
  status: z.enum(['processed', 'needs_review', 'duplicate', 'ignored']),
  id_form_submission: int().nullable(),
  id_application: int().nullable(),
});
export type WebhookAnswer = z.infer<typeof WebhookAnswerSchema>;

/** The spec's answer: headers (the union of the questions) and one object per submission. */
export const SubmissionCsvSchema = z.object({
  headers: z.array(z.object({ key: z.string(), label: z.string() })),
  data: z.array(z.record(z.string(), z.string())),
});
