/**
 * Messages to families (e-mail and SMS): types, channels, states, merge fields and SMS segments, shared by the
 * server (which renders and sends) and the web client (which previews and counts while staff type).
 */

/** The e-mail type and text message type catalogs (same ids): why a message was sent. */
export const MESSAGE_TYPE = { STATUS_CHANGE: 1, REMINDER: 2, MANUALLY_SENT: 3 } as const;
export type MessageTypeId = (typeof MESSAGE_TYPE)[keyof typeof MESSAGE_TYPE];

export const CHANNELS = ['email', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Where a message is: queued (waiting to be sent or retried), sending (claimed by a worker), sent (the provider
 * accepted it), delivered (the provider reported delivery), failed (last try refused, or undeliverable), skipped
 * (the address opted out, or has none).
 */
export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** Merge fields: the field-option catalog's names (`{{applicant_first_name}}`). */
export const MERGE_FIELDS = [
  'applicant_first_name',
  'applicant_last_name',
  'guardian_name',
  'campus_name',
  'school_name',
  'campus_phone',
  'campus_email',
  'grade',
  'school_year',
  'form_url',
  'acceptance_deadline',
  'portal_link',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/**
 * `{{portal_link}}` stays as written in the outbox and is filled in as the message is sent: the link carries a
 * one-time sign-in for its recipient, which staff, who read the outbox, must never hold.
 */
export const PORTAL_LINK_PLACEHOLDER = '{{portal_link}}';

const PLACEHOLDER = /{{\s*([\w.-]+)\s*}}/g;
/** A placeholder, or a section's opening or closing tag: `{{name}}`, `{{#name}}`, `{{^name}}`, `{{/name}}`. */
const ANY_TAG = /{{\s*[#^/]?\s*([\w.-]+)\s*}}/g;
/**
 * `{{#name}}...{{/name}}` keeps its text only when the field has a value, `{{^name}}...{{/name}}` only when it has
 * none (Mustache's sections, not nested): "{{#acceptance_deadline}}Please answer by {{acceptance_deadline}}.{{/acceptance_deadline}}".
 */
/** A section's tag left without its other half: dropped, never shown to a family. */
const STRAY_SECTION_TAG = /{{\s*[#^/]\s*[\w.-]+\s*}}/g;
const SECTION = /{{\s*([#^])\s*([\w.-]+)\s*}}([\s\S]*?){{\s*\/\s*\2\s*}}/g;

/** The fields a template uses (in placeholders and sections), each once, in order of appearance. */
export const placeholdersOf = (...texts: Array<string | null | undefined>): string[] => [
  ...new Set(texts.flatMap((t) => [...(t ?? '').matchAll(ANY_TAG)].map((m) => m[1]))),
];

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/**
 * Fills `{{name}}` placeholders, after keeping or dropping the sections. A field without a value renders empty (never
 * the placeholder itself); in an HTML body every value is escaped, so a family's name cannot add markup to the mail.
 */
export function renderTemplate(
  template: string,
  values: Readonly<Record<string, string | null | undefined>>,
  options: { html?: boolean } = {},
): string {
  const sectionsKept = template.replace(SECTION, (_, kind: string, name: string, text: string) =>
    Boolean(values[name]?.trim()) === (kind === '#') ? text : '',
  );
  return sectionsKept.replace(STRAY_SECTION_TAG, '').replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name] ?? '';
    return options.html ? escapeHtml(value) : value;
  });
}

/*
 * SMS segments. A text that fits the GSM 03.38 alphabet is sent in GSM-7: 160 characters in one message, 153 per
 * part when split (the rest of each part is the joining header); the extension characters (^{}\[~]|€ and form
 * feed) take two. Any other character (á, í, ó, ú, emoji...) makes the whole text UCS-2: 70 in one message, 67 per
 * part, and a character outside the Basic Multilingual Plane (most emoji) takes two.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const GSM_BASIC_SET = new Set(GSM_BASIC);
const GSM_EXTENSION_SET = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';
export type SmsSegments = {
  encoding: SmsEncoding;
  /** Characters as the encoding counts them (an extension character or an astral one counts twice). */
  units: number;
  segments: number;
  /** Characters that fit in one message / in each part of a split message. */
  perSegment: number;
  /** The characters that forced UCS-2, each once (empty for GSM-7). */
  nonGsm: string[];
};

export function smsSegments(text: string): SmsSegments {
  const chars = [...text];
  const nonGsm = [...new Set(chars.filter((c) => !GSM_BASIC_SET.has(c) && !GSM_EXTENSION_SET.has(c)))];
  if (nonGsm.length === 0) {
    const units = chars.reduce((n, c) => n + (GSM_EXTENSION_SET.has(c) ? 2 : 1), 0);
    return sized('GSM-7', units, 160, 153, nonGsm);
  }
  const units = chars.reduce((n, c) => n + (c.codePointAt(0)! > 0xffff ? 2 : 1), 0);
  return sized('UCS-2', units, 70, 67, nonGsm);
}

function sized(encoding: SmsEncoding, units: number, single: number, part: number, nonGsm: string[]): SmsSegments {
  const split = units > single;
  return {
    encoding,
    units,
    segments: units === 0 ? 0 : split ? Math.ceil(units / part) : 1,
    perSegment: split ? part : single,
    nonGsm,
  };
}
