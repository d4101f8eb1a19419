import { z } from 'zod';
import { PageQuerySchema } from './pagination';
import { FAMILY_LANGUAGES } from './family';
import { email, id, optionalText, requiredText } from './rules';

/*
 * The registration checklist of a campus's school period (issue 25; docs/registration.md): what a family completes
 * after accepting a seat, before the child is enrolled. Staff edit it; the family portal shows it. Items are
 * documents to upload, forms with typed fields, agreements to sign, and a deposit staff mark as received.
 */

export const REGISTRATION_ITEM_KINDS = ['document', 'form', 'agreement', 'deposit'] as const;
export type RegistrationItemKind = (typeof REGISTRATION_ITEM_KINDS)[number];

/** The document types a family may upload; each is recognised from the file's bytes, never from its name. */
export const DOCUMENT_TYPES = ['pdf', 'jpeg', 'png', 'heic', 'webp'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** The largest upload a checklist may allow, in megabytes. */
export const DOCUMENT_MAX_MB = 20;
/** The MIME type each document type is recognised as (from its bytes), for the portal's `accept` and the review. */
export const DOCUMENT_MIME: Record<DocumentType, string[]> = {
  pdf: ['application/pdf'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  heic: ['image/heic', 'image/heif'],
  webp: ['image/webp'],
};
/** One upload request (a chunk of a resumable upload) carries at most this many bytes; the portal sends 1 MiB. */
export const DOCUMENT_CHUNK_MAX = 8 * 1024 * 1024;

export const FORM_FIELD_TYPES = ['text', 'date', 'choice', 'yes_no', 'address'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Items in one checklist, fields in one form, choices in one field. */
export const REGISTRATION_ITEMS_MAX = 30;
export const FORM_FIELDS_MAX = 40;
export const FIELD_CHOICES_MAX = 30;
/** An agreement's text, in characters per language. */
export const AGREEMENT_TEXT_MAX = 20_000;
const LABEL_MAX = 200;
const HELP_MAX = 1_000;

/** A field's or choice's key: what answers and conditions name, and what exports carry as the column. */
const KEY = /^[a-z][a-z0-9_]{0,39}$/;
const key = z.string({ error: 'invalidValue' }).regex(KEY, { error: 'registrationKeyInvalid' });

/**
 * Words shown to families: English and Spanish required (the staff's two languages), the portal's other
 * languages where given (else the English).
 */
const labelsOf = (max: number) =>
  z.object({
    en: requiredText(max),
    es: requiredText(max),
    vi: optionalText(max).optional(),
    zh: optionalText(max).optional(),
    ht: optionalText(max).optional(),
    ar: optionalText(max).optional(),
  });
export const RegistrationLabelsSchema = labelsOf(LABEL_MAX);
export type RegistrationLabels = z.infer<typeof RegistrationLabelsSchema>;
const optionalLabels = (max: number) =>
  labelsOf(max)
    .nullish()
    .transform((v) => v ?? null);

const ChoiceSchema = z.object({ value: key, labels: RegistrationLabelsSchema });

/**
 * The student-information-system fields a form field may feed (docs/registration.md, "Hand-off to the SIS"): staff tag
 * a field with one, and its approved answer goes to the PowerSchool, SchoolMint, Aspire and OneRoster exports in the
 * columns each system names. Each key takes the field types that can hold its value.
 */
export const SIS_FIELD_TYPES = {
  middle_name: ['text'],
  birth_date: ['date'],
  gender: ['text', 'choice'],
  home_address: ['address'],
  home_phone: ['text'],
  home_language: ['text', 'choice'],
  state_student_id: ['text'],
  emergency_contact_name: ['text'],
  emergency_contact_phone: ['text'],
  hispanic_or_latino: ['yes_no'],
} as const satisfies Record<string, readonly FormFieldType[]>;
export type SisFieldKey = keyof typeof SIS_FIELD_TYPES;
export const SIS_FIELD_KEYS = Object.keys(SIS_FIELD_TYPES) as SisFieldKey[];

/** A field shown only when an earlier choice or yes/no field of the same form has this answer. */
const ShowIfSchema = z.object({ field: key, equals: z.string().max(40, { error: 'tooLong' }) });

export const FormFieldSchema = z.object({
  key,
  type: z.enum(FORM_FIELD_TYPES, { error: 'invalidValue' }),
  labels: RegistrationLabelsSchema,
  required: z.boolean({ error: 'invalidValue' }),
  /** Only for `choice`: the options, in the order shown. */
  choices: z.array(ChoiceSchema).max(FIELD_CHOICES_MAX, { error: 'tooMany' }).optional(),
  showIf: ShowIfSchema.nullish().transform((v) => v ?? null),
  /** The SIS field its approved answer feeds; absent when none (so the item's version is what it was before tags). */
  sis: z.enum(SIS_FIELD_KEYS as [SisFieldKey, ...SisFieldKey[]], { error: 'invalidValue' }).optional(),
});
export type FormField = z.infer<typeof FormFieldSchema>;

const common = {
  /** An item kept from the saved checklist; absent for a new one. */
  id_registration_item: id.optional(),
  required: z.boolean({ error: 'invalidValue' }),
  labels: RegistrationLabelsSchema,
  help: optionalLabels(HELP_MAX),
};

export const RegistrationItemInputSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        ...common,
        kind: z.literal('document'),
        document: z.object({
          types: z
            .array(z.enum(DOCUMENT_TYPES, { error: 'invalidValue' }))
            .min(1, { error: 'registrationDocumentTypesRequired' }),
          maxMb: z
            .number({ error: 'mustBeNumber' })
            .int({ error: 'mustBeInteger' })
            .min(1, { error: 'numberOutOfRange' })
            .max(DOCUMENT_MAX_MB, { error: 'numberOutOfRange' }),
        }),
      }),
      z.object({
        ...common,
        kind: z.literal('form'),
        form: z.object({
          fields: z
            .array(FormFieldSchema)
            .min(1, { error: 'registrationFieldsRequired' })
            .max(FORM_FIELDS_MAX, { error: 'tooMany' }),
        }),
      }),
      z.object({
        ...common,
        kind: z.literal('agreement'),
        agreement: z.object({
          text: labelsOf(AGREEMENT_TEXT_MAX),
          /** `two`: a second guardian signs too, invited by e-mail. */
          signers: z.enum(['one', 'two'], { error: 'invalidValue' }),
        }),
      }),
      z.object({ ...common, kind: z.literal('deposit') }),
    ],
    { error: 'invalidValue' },
  )
  .superRefine((item, ctx) => {
    if (item.kind !== 'form') return;
    formProblems(item.form.fields).forEach(({ path, message }) =>
      ctx.addIssue({ code: 'custom', path: ['form', 'fields', ...path], message }),
    );
  });
export type RegistrationItemInput = z.infer<typeof RegistrationItemInputSchema>;

type Problem = { path: Array<string | number>; message: string };

/**
 * A form's own rules beyond each field's shape: keys once; choices only on choice fields, at least two, each value
 * once; a condition names an earlier choice or yes/no field and one of its answers.
 */
function formProblems(fields: FormField[]): Problem[] {
  const problems: Problem[] = [];
  fields.forEach((field, i) => {
    const earlier = fields.slice(0, i);
    if (earlier.some((f) => f.key === field.key)) problems.push({ path: [i, 'key'], message: 'registrationKeyTaken' });
    problems.push(...choiceProblems(field).map((p) => ({ ...p, path: [i, ...p.path] })));
    if (field.sis) {
      const types: readonly FormFieldType[] = SIS_FIELD_TYPES[field.sis];
      if (!types.includes(field.type)) problems.push({ path: [i, 'sis'], message: 'registrationSisTypeInvalid' });
      else if (earlier.some((f) => f.sis === field.sis))
        problems.push({ path: [i, 'sis'], message: 'registrationSisTaken' });
    }
    if (field.showIf) {
      const on = earlier.find((f) => f.key === field.showIf!.field);
      if (!on || !answersOf(on).includes(field.showIf.equals))
        problems.push({ path: [i, 'showIf'], message: 'registrationConditionInvalid' });
    }
  });
  return problems;
}

function choiceProblems(field: FormField): Problem[] {
  if (field.type !== 'choice')
    return field.choices?.length ? [{ path: ['choices'], message: 'registrationChoicesOnlyForChoice' }] : [];
  const values = (field.choices ?? []).map((c) => c.value);
  if (values.length < 2) return [{ path: ['choices'], message: 'registrationChoicesTooFew' }];
  const repeated = values.findIndex((v, i) => values.indexOf(v) !== i);
  return repeated >= 0 ? [{ path: ['choices', repeated, 'value'], message: 'registrationKeyTaken' }] : [];
}

/** The answers a condition may test on a field: its choices, or yes and no. */
export const answersOf = (field: FormField): string[] =>
  field.type === 'yes_no' ? ['yes', 'no'] : field.type === 'choice' ? (field.choices ?? []).map((c) => c.value) : [];

/** `GET /registration/checklist?id_campus_year=`. */
export const RegistrationChecklistQuerySchema = z.object({ id_campus_year: id });

/**
 * `PUT /registration/checklist`: the checklist as it should read, in order. An item given with its id and unchanged
 * is kept; a changed one becomes a new version (what a family completed or signed stays bound to the version they
 * saw); an item left out is retired. Never deleted.
 */
export const RegistrationChecklistRequestSchema = z.object({
  id_campus_year: id,
  items: z.array(RegistrationItemInputSchema).max(REGISTRATION_ITEMS_MAX, { error: 'tooMany' }),
});
export type RegistrationChecklistRequest = z.infer<typeof RegistrationChecklistRequestSchema>;

/** `POST /registration/checklist/copy`: the checklist of another period (of the same school) replaces this one's. */
export const RegistrationChecklistCopySchema = z
  .object({ from_id_campus_year: id, id_campus_year: id })
  .refine((v) => v.from_id_campus_year !== v.id_campus_year, {
    error: 'registrationCopySame',
    path: ['from_id_campus_year'],
  });
export type RegistrationChecklistCopy = z.infer<typeof RegistrationChecklistCopySchema>;

const storedLabels = z.record(z.string(), z.string().nullable().optional());
/** A form's field as saved (the answer schema's output: no transforms, so responses encode it). */
const StoredFieldSchema = z.object({
  key: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  labels: storedLabels,
  required: z.boolean(),
  choices: z.array(z.object({ value: z.string(), labels: storedLabels })).optional(),
  showIf: z.object({ field: z.string(), equals: z.string() }).nullable(),
  sis: z.enum(SIS_FIELD_KEYS as [SisFieldKey, ...SisFieldKey[]]).optional(),
});

/** An item as saved: its id and version, then what it asks, as it was written. */
export const RegistrationItemSchema = z.object({
  id_registration_item: z.number().int(),
  /** The SHA-256 of what the item asks (kind, required, words, settings): what a family signs or completes binds to it. */
  version: z.string(),
  kind: z.enum(REGISTRATION_ITEM_KINDS),
  required: z.boolean(),
  labels: storedLabels,
  help: storedLabels.nullable(),
  document: z.object({ types: z.array(z.enum(DOCUMENT_TYPES)), maxMb: z.number().int() }).optional(),
  form: z.object({ fields: z.array(StoredFieldSchema) }).optional(),
  agreement: z.object({ text: storedLabels, signers: z.enum(['one', 'two']) }).optional(),
});
export type RegistrationItem = z.infer<typeof RegistrationItemSchema>;

export const RegistrationChecklistSchema = z.object({
  id_campus_year: z.number().int(),
  id_campus: z.number().int(),
  items: z.array(RegistrationItemSchema),
});
export type RegistrationChecklist = z.infer<typeof RegistrationChecklistSchema>;

// ---- the family's side (the portal): the packet of one application ----

export const REGISTRATION_STATES = ['to_do', 'submitted', 'approved', 'returned'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

/** One guardian's signature of an agreement version, as the packet shows it (the PDF is the staff's download). */
export const AgreementSignatureSchema = z.object({
  id_registration_signature: z.number().int(),
  fullName: z.string(),
  /** `first`: the guardian of the application; `second`: the guardian they invited. */
  role: z.enum(['first', 'second']),
  signedAt: z.string(),
  /** The SHA-256 of the agreement text shown and signed. */
  documentHash: z.string(),
  /** The SHA-256 of the signed PDF stored (also in the audit log). */
  pdfHash: z.string(),
});
export type AgreementSignature = z.infer<typeof AgreementSignatureSchema>;

/** A form's field in the guardian's language. */
export const FamilyFormFieldSchema = z.object({
  key: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  required: z.boolean(),
  choices: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  showIf: z.object({ field: z.string(), equals: z.string() }).nullable(),
});
export type FamilyFormField = z.infer<typeof FamilyFormFieldSchema>;

/** A document the family sent: as stored (an image re-encoded, a PDF as sent), and where the reader downloads it. */
export const RegistrationFileSchema = z.object({
  name: z.string(),
  /** The MIME type read from the stored bytes. */
  type: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  /** The download, under /api: the family's own route in the portal, the staff route in the review. */
  url: z.string(),
});
export type RegistrationFile = z.infer<typeof RegistrationFileSchema>;

export const FamilyRegistrationItemSchema = z.object({
  id_registration_item: z.number().int(),
  kind: z.enum(REGISTRATION_ITEM_KINDS),
  required: z.boolean(),
  label: z.string(),
  help: z.string().nullable(),
  /** `to_do` until the family acts (staff, for a deposit); then submitted, approved, or returned with a reason. */
  state: z.enum(REGISTRATION_STATES),
  returnedReason: z.string().nullable(),
  form: z.object({ fields: z.array(FamilyFormFieldSchema), answers: z.record(z.string(), z.unknown()) }).optional(),
  document: z
    .object({
      types: z.array(z.enum(DOCUMENT_TYPES)),
      maxMb: z.number().int(),
      /** The file sent for the item (the one the packet shows), null before any. */
      file: RegistrationFileSchema.nullable().optional(),
    })
    .optional(),
  agreement: z
    .object({
      text: z.string(),
      signers: z.enum(['one', 'two']),
      /** The SHA-256 (hex) of `text` as UTF-8: what a signature binds to. */
      documentHash: z.string(),
      /** Signatures on this version (the current round: a returned agreement is signed again). */
      signatures: z.array(AgreementSignatureSchema),
      /** Two signers: the first has signed, the second's signature is awaited. */
      waiting: z.boolean(),
      /** The pending invitation of the second guardian, the address partly hidden. */
      invitation: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
      /**
       * An earlier version signed before staff changed the text: shown as it was signed, never carried over to the
       * new version, which asks for a new signature.
       */
      previous: z.object({ text: z.string(), signatures: z.array(AgreementSignatureSchema) }).nullable(),
    })
    .optional(),
});
export type FamilyRegistrationItem = z.infer<typeof FamilyRegistrationItemSchema>;

/** `GET /family/applications/:id/registration`: open once the family accepted the seat. */
export const FamilyRegistrationSchema = z.object({
  id_application: z.number().int(),
  items: z.array(FamilyRegistrationItemSchema),
  /** Required items approved, of all required items. */
  approved: z.number().int(),
  required: z.number().int(),
});
export type FamilyRegistration = z.infer<typeof FamilyRegistrationSchema>;

export const FamilyRegistrationItemParamsSchema = z.object({ id: id, id_registration_item: id });

/** `PUT /family/applications/:id/registration/forms/:id_registration_item`: the form's answers, checked by its rules. */
export const FamilyFormAnswersSchema = z.object({
  answers: z
    .record(z.string().max(40), z.unknown())
    .refine((answers) => Object.keys(answers).length <= FORM_FIELDS_MAX, { error: 'tooMany' }),
});
export type FamilyFormAnswers = z.infer<typeof FamilyFormAnswersSchema>;

// ---- documents: resumable uploads (docs/registration.md) ----

/** `POST /family/applications/:id/registration/documents/:id_registration_item/uploads`: opens an upload. */
export const DocumentUploadStartSchema = z.object({
  name: requiredText(255),
  size: z
    .number({ error: 'mustBeNumber' })
    .int({ error: 'mustBeInteger' })
    .min(1, { error: 'fileRequired' })
    .max(DOCUMENT_MAX_MB * 1024 * 1024, { error: 'registrationDocumentTooBig' }),
});
export type DocumentUploadStart = z.infer<typeof DocumentUploadStartSchema>;

export const DocumentUploadParamsSchema = z.object({
  id,
  id_upload: z.string().regex(/^[0-9a-f]{32}$/, { error: 'notFound' }),
});

/** An upload under way: how many of its bytes the server holds (the next chunk starts there). */
export const DocumentUploadSchema = z.object({
  id_upload: z.string(),
  size: z.number().int(),
  received: z.number().int(),
  /** A chunk is still arriving (or its dropped connection not yet noticed): ask again before sending the next. */
  receiving: z.boolean(),
  /** True once every byte came and the file was checked and kept as the item's response. */
  done: z.boolean(),
});
export type DocumentUpload = z.infer<typeof DocumentUploadSchema>;

// ---- the staff's review ----

/** `GET /registration/reviews`: the period's items sent by families and waiting for staff, oldest first. */
export const RegistrationReviewQuerySchema = PageQuerySchema.omit({ text: true }).extend({ id_campus_year: id });
export type RegistrationReviewQuery = z.infer<typeof RegistrationReviewQuerySchema>;

export const RegistrationReviewRowSchema = z.object({
  id_application: z.number().int(),
  applicant: z.string(),
  grade: z.string().nullable(),
  id_registration_item: z.number().int(),
  item: z.string(),
  kind: z.enum(REGISTRATION_ITEM_KINDS),
  submittedAt: z.string(),
});
export type RegistrationReviewRow = z.infer<typeof RegistrationReviewRowSchema>;

export const RegistrationApplicationParamsSchema = z.object({ id });
export const RegistrationItemParamsSchema = z.object({ id, id_registration_item: id });
/** `GET /registration/applications/:id/signatures/:id_registration_signature/pdf`: the signed PDF (staff). */
export const RegistrationSignatureParamsSchema = z.object({ id, id_registration_signature: id });

/**
 * `PUT /registration/applications/:id/items/:id_registration_item/review`: approve what the family sent (or, for a
 * deposit, mark it received), or return it with the reason the family reads.
 */
export const RegistrationDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve') }),
    z.object({ decision: z.literal('return'), reason: requiredText(500) }),
  ],
  { error: 'invalidValue' },
);
export type RegistrationDecision = z.infer<typeof RegistrationDecisionSchema>;

// ---- signatures of agreements (docs/registration.md) ----

const language = z.enum(FAMILY_LANGUAGES, { error: 'invalidValue' });
const sha256Hex = z.string({ error: 'invalidValue' }).regex(/^[0-9a-f]{64}$/, { error: 'invalidValue' });

/**
 * A signature: the typed full name, the consent given to the sentence shown (`AGREEMENT_CONSENT[lng]`), and the
 * SHA-256 of the agreement text shown in `lng`. The server recomputes the hash from the item's text: 409 when it
 * differs (the text changed since it was shown).
 */
export const AgreementSignRequestSchema = z.object({
  fullName: requiredText(200),
  consent: z.literal(true, { error: 'agreementConsentRequired' }),
  documentHash: sha256Hex,
  lng: language,
});
export type AgreementSignRequest = z.infer<typeof AgreementSignRequestSchema>;

/** `POST /family/applications/:id/registration/agreements/:id_registration_item/invite`: the second guardian. */
export const AgreementInviteRequestSchema = z.object({ email, lng: language.optional() });
export type AgreementInviteRequest = z.infer<typeof AgreementInviteRequestSchema>;

const inviteToken = z
  .string({ error: 'invalidValue' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'agreementInviteInvalid' });

/** `POST /family/cosign`: what the invited guardian's link opens (the link's token and application). */
export const CosignOpenSchema = z.object({ id_application: id, token: inviteToken, lng: language.optional() });
export type CosignOpen = z.infer<typeof CosignOpenSchema>;

/** `POST /family/cosign/sign`: the invited guardian signs (the link then is spent). */
export const CosignSignSchema = AgreementSignRequestSchema.extend({ id_application: id, token: inviteToken });
export type CosignSign = z.infer<typeof CosignSignSchema>;

/** The one agreement the invited guardian sees, with the application's minimal context. */
export const CosignAgreementSchema = z.object({
  id_application: z.number().int(),
  /** The child's first name. */
  applicant: z.string(),
  school: z.string(),
  label: z.string(),
  text: z.string(),
  documentHash: z.string(),
});
export type CosignAgreement = z.infer<typeof CosignAgreementSchema>;
