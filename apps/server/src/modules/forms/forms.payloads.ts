import { createHmac, timingSafeEqual } from 'node:crypto';
import { FORM_FIELDS, type FormField } from '@openseat/shared/schemas/communication';

/*
 * What the providers send, read into one shape (docs/api-forms.md): the delivery id, the answers in form order
 * (question title -> text) and, per answer, the keys a field map may name (ref, id, title). Pure functions.
 */

export type Answer = { question: string; answer: string };
/** One answer with every key it can be mapped by. */
export type KeyedAnswer = Answer & { keys: string[] };

export type Delivery = {
  /** Typeform `form_response.token`, Google `responseId`: the idempotency key. */
  deliveryId: string | null;
  /** The provider's form id in the delivery (checked against the connected form). */
  formId: string | null;
  answers: KeyedAnswer[];
  /** Typeform hidden fields (name -> value); Google: the respondent's e-mail as `respondent_email`. */
  hidden: Record<string, string>;
  /** A Typeform partial response: not a submission, ignored. */
  partial: boolean;
};

/** `sha256=` + base64(HMAC-SHA256(secret, raw body)), compared in constant time. */
export function signatureOf(secret: string, raw: Buffer) {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('base64')}`;
}

export function signatureMatches(secret: string, raw: Buffer, header: string | undefined) {
  if (!header) return false;
  const expected = Buffer.from(signatureOf(secret, raw));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** The text of any answer value: lists joined with ", ", booleans as yes/no. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(', ');
  if (isObject(value)) {
    if ('label' in value) return textOf(value.label) || textOf(value.other);
    if ('labels' in value) return [textOf(value.labels), textOf(value.other)].filter(Boolean).join(', ');
    return JSON.stringify(value);
  }
  return String(value);
}

/** Typeform's value of an answer: under the key named by its type (choice.label, choices.labels...). */
function typeformValue(answer: Json): string {
  const type = str(answer.type);
  if (type && type in answer) return textOf(answer[type]);
  for (const key of ['text', 'email', 'phone_number', 'date', 'number', 'boolean', 'url', 'file_url', 'choice'])
    if (key in answer) return textOf(answer[key]);
  if ('choices' in answer) return textOf(answer.choices);
  return '';
}

/** A Typeform webhook body (`form_response`): answers in the order of the form's definition. */
export function readTypeform(body: unknown): Delivery {
  const root = isObject(body) ? body : {};
  const response = isObject(root.form_response) ? root.form_response : {};
  const definition = isObject(response.definition) ? response.definition : {};
  const fields = (Array.isArray(definition.fields) ? definition.fields : []).filter(isObject);
  const answers = (Array.isArray(response.answers) ? response.answers : []).filter(isObject);
  const fieldOf = (a: Json) => (isObject(a.field) ? a.field : {});
  const used = new Set<Json>();
  const keyed: KeyedAnswer[] = [];
  const push = (a: Json, definitionField: Json | null) => {
    used.add(a);
    const field = fieldOf(a);
    const title = definitionField && str(definitionField.title);
    const ref = str(field.ref) ?? (definitionField && str(definitionField.ref));
    const id = str(field.id);
    const question = title ?? ref ?? id ?? '';
    keyed.push({
      question,
      answer: typeformValue(a),
      keys: [ref, id, title].filter((k): k is string => Boolean(k)),
    });
  };
  for (const field of fields) {
    const answer = answers.find((a) => !used.has(a) && str(fieldOf(a).id) === str(field.id));
    if (answer) push(answer, field);
  }
  for (const a of answers) if (!used.has(a)) push(a, null);
  const hidden: Record<string, string> = {};
  if (isObject(response.hidden))
    for (const [k, v] of Object.entries(response.hidden)) if (textOf(v)) hidden[k] = textOf(v);
  return {
    deliveryId: str(response.token),
    formId: str(response.form_id),
    answers: keyed,
    hidden,
    partial: str(root.event_type) === 'form_response_partial',
  };
}

/** The Apps Script's body (docs/google-forms-apps-script.md): `{formId, responseId, respondentEmail, items}`. */
export function readGoogleForms(body: unknown): Delivery {
  const root = isObject(body) ? body : {};
  const items = (Array.isArray(root.items) ? root.items : []).filter(isObject);
  const hidden: Record<string, string> = {};
  const respondent = str(root.respondentEmail);
  if (respondent) hidden.respondent_email = respondent;
  return {
    deliveryId: str(root.responseId),
    formId: str(root.formId),
    answers: items.map((item) => {
      const title = str(item.title) ?? str(item.id) ?? '';
      return {
        question: title,
        answer: textOf(item.response),
        keys: [str(item.id), title].filter((k): k is string => Boolean(k)),
      };
    }),
    hidden,
    partial: false,
  };
}

/** Lower case, accents and punctuation gone, words joined by `_` ("Fecha de Nacimiento" -> fecha_de_nacimiento). */
export const normalizeKey = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/(^|_)e_mail(?=_|$)/g, '$1email');

/**
 * Question names (normalized) each field is recognized by when the form's field map does not name it. Generic
 * "email" and "phone" are the guardian's: the guardian fills the form; the student's own are "student_email" etc.
 */
const ALIASES: Record<FormField, string[]> = {
  first_name: ['first_name', 'firstname', 'student_first_name', 'applicant_first_name', 'child_first_name', 'nombre'],
  last_name: ['last_name', 'lastname', 'surname', 'student_last_name', 'applicant_last_name', 'apellido', 'apellidos'],
  full_name: ['full_name', 'student_name', 'applicant_name', 'child_name', 'nombre_completo', 'nombre_del_estudiante'],
  email: ['student_email', 'applicant_email'],
  phone: ['student_phone', 'applicant_phone'],
  date_of_birth: ['date_of_birth', 'birth_date', 'birthdate', 'dob', 'birthday', 'fecha_de_nacimiento'],
  grade: ['grade', 'grade_level', 'grado', 'applying_for_grade'],
  address: ['address', 'home_address', 'direccion'],
  address_street: ['street', 'street_address', 'address_line_1', 'address_1', 'calle'],
  address_city: ['city', 'town', 'ciudad'],
  address_state: ['state', 'estado'],
  address_zip: ['zip', 'zip_code', 'zipcode', 'postal_code', 'codigo_postal'],
  gender: ['gender', 'genero'],
  ethnicity: ['ethnicity', 'etnia'],
  actual_school: ['actual_school', 'current_school', 'escuela_actual'],
  guardian_name: ['guardian_name', 'parent_name', 'guardian', 'parent', 'nombre_del_tutor', 'nombre_del_padre'],
  guardian_email: [
    'guardian_email',
    'parent_email',
    'email',
    'e_mail',
    'email_address',
    'correo',
    'correo_electronico',
  ],
  guardian_phone: ['guardian_phone', 'parent_phone', 'guardian_phone_number', 'phone', 'phone_number', 'telefono'],
  guardian_address: ['guardian_address', 'parent_address'],
  guardian_occupation: ['guardian_occupation', 'parent_occupation', 'occupation', 'ocupacion'],
  guardian_language: ['guardian_language', 'language', 'preferred_language', 'idioma'],
  event_preference: ['event_preference', 'event'],
  sms_consent: [
    'text_me',
    'text_me_about_this_application',
    'text_consent',
    'sms_opt_in',
    'consent_to_texts',
    'textos',
    'enviarme_mensajes_de_texto',
    'envienme_mensajes_de_texto_sobre_esta_solicitud',
  ],
  id_application: ['id_application', 'application_id'],
};
const FIELD_OF_ALIAS = new Map(
  (Object.entries(ALIASES) as Array<[FormField, string[]]>).flatMap(([field, names]) =>
    [field, ...names].map((n) => [n, field] as const),
  ),
);
const isFormField = (v: string): v is FormField => (FORM_FIELDS as readonly string[]).includes(v);

/**
 * The application fields of a delivery: the form's field map first (by ref, id or title), then the normalized ref or
 * title, then hidden fields by name. The first non-empty value of a field wins.
 */
export function mapFields(delivery: Delivery, fieldMap: Record<string, string>): Partial<Record<FormField, string>> {
  const values: Partial<Record<FormField, string>> = {};
  const set = (field: FormField | undefined, value: string) => {
    if (field && value.trim() && values[field] === undefined) values[field] = value.trim();
  };
  const mapped = new Map(Object.entries(fieldMap).map(([k, v]) => [normalizeKey(k), v]));
  for (const a of delivery.answers) {
    const explicit = a.keys.map((k) => fieldMap[k] ?? mapped.get(normalizeKey(k))).find(Boolean);
    if (explicit && isFormField(explicit)) set(explicit, a.answer);
  }
  for (const a of delivery.answers) {
    const byName = a.keys.map((k) => FIELD_OF_ALIAS.get(normalizeKey(k))).find(Boolean);
    set(byName, a.answer);
  }
  for (const [name, value] of Object.entries(delivery.hidden)) {
    const field = fieldMap[name] ?? FIELD_OF_ALIAS.get(normalizeKey(name));
    set(field && isFormField(field) ? field : undefined, value);
  }
  if (delivery.hidden.respondent_email) set('guardian_email', delivery.hidden.respondent_email);
  return values;
}

/** Answers that say no to a consent question (normalized): anything else given, a ticked box's label included, is yes. */
const NO_ANSWERS = new Set(['no', 'n', 'false', '0', 'off', 'none', 'ninguno', 'ninguna', 'no_gracias', 'no_thanks']);

/**
 * Whether the "Text me about this application" answer consents: a yes, or a ticked checkbox (its label as the
 * answer). Unanswered (an unticked box sends nothing) or a no: no consent, and nothing is recorded.
 */
export const consentGiven = (v: string | undefined) => Boolean(v && v.trim() && !NO_ANSWERS.has(normalizeKey(v)));

/** Digits and a leading + only (the applicant schema's phone rule). */
export const cleanPhone = (v: string | undefined) => (v ? v.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '') : null);

/**
 * The applicant's address from a delivery: its parts when the form asks for them and every given part reads right
 * (a two-letter state, a 12345[-6789] zip), else everything it gave on one line, so no answer is lost nor refused.
 */
export function addressOf(values: Partial<Record<FormField, string>>) {
  const parts = {
    addressStreet: values.address_street ?? null,
    addressCity: values.address_city ?? null,
    addressState: values.address_state ?? null,
    addressZip: values.address_zip ?? null,
  };
  const given = [values.address, parts.addressStreet, parts.addressCity, parts.addressState, parts.addressZip];
  const readable =
    (parts.addressState === null || /^[A-Za-z]{2}$/.test(parts.addressState)) &&
    (parts.addressZip === null || /^\d{5}(-\d{4})?$/.test(parts.addressZip)) &&
    (parts.addressStreet ?? '').length <= 200 &&
    (parts.addressCity ?? '').length <= 100;
  if (readable && (parts.addressStreet || parts.addressCity || parts.addressState || parts.addressZip))
    return { address: values.address ?? null, ...parts };
  const line = given.filter(Boolean).join(', ');
  return { address: line || null, addressStreet: null, addressCity: null, addressState: null, addressZip: null };
}

/** YYYY-MM-DD from YYYY-MM-DD[T...] or MM/DD/YYYY; anything else as given (the schema refuses it). */
export function cleanDate(v: string | undefined) {
  if (!v) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(v.trim());
  if (iso) return iso[1];
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v.trim());
  if (us) return `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`;
  return v;
}

export const languageOf = (v: string | undefined): 'en' | 'es' | null => {
  if (!v) return null;
  const key = normalizeKey(v);
  if (['es', 'spa', 'spanish', 'espanol', 'castellano'].includes(key)) return 'es';
  if (['en', 'eng', 'english', 'ingles'].includes(key)) return 'en';
  return null;
};

/** "Ana María López" -> first "Ana María", last "López" (the last word is the last name). */
export function splitName(full: string | undefined): { first: string | null; last: string | null } {
  const words = (full ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { first: words[0] ?? null, last: null };
  return { first: words.slice(0, -1).join(' '), last: words[words.length - 1] };
}
