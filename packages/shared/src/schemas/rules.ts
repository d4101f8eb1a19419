import { z } from 'zod';
import { DATE_MAX, DATE_MIN, DESCRIPTION_MIN, PASSWORD_MAX, PASSWORD_MIN, REORDER_REASON_MIN } from '../constants';
import type { MessageKey } from '../messages';
import { isStorableText } from '../storable-text';

/**
 * The validation rules of spec section 5. Each error is a message key of `messages.ts`, translated by the
 * reader's language on the server (400 bodies) and in the web forms.
 *
 * Two rules hold under every schema, so no bad value reaches the database: every whole number fits the
 * 32-bit `integer` columns (`wholeNumber`, `id`), and every string is text PostgreSQL and JSON can carry (`text`).
 */

/** The largest value of a PostgreSQL `integer` (and `serial`) column. */
export const INT32_MAX = 2_147_483_647;

const isMissing = (v: unknown) => v === undefined || v === null || v === '';

/** A number written the usual way: no hex, no `Infinity`, no words. */
const DECIMAL = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

/** Form inputs arrive as strings; JSON bodies as numbers. Both become numbers here; empty becomes undefined. */
const toNumberOrRaw = (v: unknown) => {
  if (isMissing(v)) return undefined;
  if (typeof v === 'string' && DECIMAL.test(v)) return Number(v);
  return v;
};

export { isStorableText } from '../storable-text';

/** Every string of every schema starts here: refuses what PostgreSQL cannot store with 'invalidCharacters'. */
export const text = (error: MessageKey = 'invalidValue') =>
  z.string({ error }).refine(isStorableText, { error: 'invalidCharacters', abort: true });

export const requiredText = (max = 255) =>
  text('required').trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

/**
 * A person's name in any language: letters of every script and their combining marks, then also spaces, hyphens,
 * apostrophes (' and ’) and periods ("Ma. José O'Neil-Ruiz Jr."). No digits, emoji or symbols: an SIS would refuse
 * them or carry them into its records.
 */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' ’.-]*$/u;

export const personName = (max = 100) => requiredText(max).regex(PERSON_NAME_PATTERN, { error: 'invalidName' });

export const optionalText = (max = 255) =>
  text('invalidValue')
    .trim()
    .max(max, { error: 'tooLong' })
    .nullish()
    .transform((v) => (v ? v : null));

type WholeNumberMessages = {
  required: MessageKey;
  notNumber: MessageKey;
  notWhole: MessageKey;
  tooSmall: MessageKey;
  tooLarge?: MessageKey;
};

/**
 * A whole number from `min` to `max` (at most INT32_MAX: it goes to an `integer` column), from JSON or from a
 * form's string. Range before wholeness, so 1e300 reads "out of range", not "not an integer".
 */
export const wholeNumber = (min: number, max: number, m: WholeNumberMessages) =>
  z.preprocess(
    toNumberOrRaw,
    z
      .number({ error: (iss) => (iss.input === undefined ? m.required : m.notNumber) })
      .min(min, { error: m.tooSmall })
      .max(Math.min(max, INT32_MAX), { error: m.tooLarge ?? 'numberOutOfRange' })
      .int({ error: m.notWhole }),
  );

const ID_MESSAGES = {
  required: 'idRequired',
  notNumber: 'idNumber',
  notWhole: 'idNumber',
  tooSmall: 'idNumber',
  tooLarge: 'idNumber',
} as const satisfies WholeNumberMessages;

/** A row id: a whole number from 1 to INT32_MAX (every `{id}` path, `id_*` filter and body id). */
export const id = wholeNumber(1, INT32_MAX, ID_MESSAGES);

/** An optional id: empty and -1 mean none (null). */
export const optionalId = z.preprocess(
  (v) => (v === -1 || v === '-1' || isMissing(v) ? null : v),
  wholeNumber(1, INT32_MAX, ID_MESSAGES).nullable(),
);

/** A required select (of ids): empty and -1 mean "nothing chosen". */
export const requiredSelect = z.preprocess(
  (v) => (v === -1 || v === '-1' ? undefined : v),
  wholeNumber(1, INT32_MAX, {
    required: 'required',
    notNumber: 'required',
    notWhole: 'required',
    tooSmall: 'required',
    tooLarge: 'invalidValue',
  }),
);

/** Spec "Integer": a number ('It must be a number.'), whole ('It must be an integer'). */
export const integer = wholeNumber(-INT32_MAX, INT32_MAX, {
  required: 'required',
  notNumber: 'mustBeNumber',
  notWhole: 'mustBeInteger',
  tooSmall: 'numberOutOfRange',
});

/** A page number of a list (0 is the first page). */
export const pageNumber = wholeNumber(0, INT32_MAX, {
  required: 'required',
  notNumber: 'mustBeNumber',
  notWhole: 'mustBeInteger',
  tooSmall: 'amountMin',
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) =>
  ISO_DATE.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** A calendar date as YYYY-MM-DD between `min` and `max` (the date picker's range by default). */
export const date = (min = DATE_MIN, max = DATE_MAX) =>
  text('required')
    .min(1, { error: 'required' })
    .refine(isRealDate, { error: 'invalidDate' })
    .refine((v) => !isRealDate(v) || (v >= min && v <= max), { error: 'dateOutOfRange' });

export const optionalDate = (min = DATE_MIN, max = DATE_MAX) =>
  z.preprocess((v) => (isMissing(v) ? null : v), date(min, max).nullable());

/** Optional leading +, then digits only: no dashes, spaces or parentheses. */
/** A wall-clock time of day, HH:MM on a 24-hour clock ('08:00', '17:30'). */
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A time of day (HH:MM); missing reads 'Required field.', anything else 'timeInvalid'. */
export const timeOfDay = z
  .string({ error: (iss) => (iss.input === undefined ? 'required' : 'timeInvalid') })
  .regex(HH_MM, { error: 'timeInvalid' });

export const PHONE_PATTERN = /^\+?\d{1,3}\d{1,14}$/;

export const optionalPhone = z.preprocess(
  (v) => (isMissing(v) ? null : v),
  text('phoneFormat').trim().regex(PHONE_PATTERN, { error: 'phoneFormat' }).nullable(),
);

export const requiredPhone = text('phoneRequired')
  .trim()
  .min(1, { error: 'phoneRequired' })
  .regex(PHONE_PATTERN, { error: 'phoneFormat' });

export const email = text('emailRequired')
  .trim()
  .min(1, { error: 'emailRequired' })
  .max(254, { error: 'emailInvalid' })
  .pipe(z.email({ error: 'emailInvalid' }))
  .transform((v) => v.toLowerCase());

export const optionalEmail = z.preprocess((v) => (isMissing(v) ? null : v), email.nullable());

export const description = text('descriptionRequired')
  .trim()
  .min(1, { error: 'descriptionRequired' })
  .min(DESCRIPTION_MIN, { error: 'descriptionShort' })
  .max(5000, { error: 'tooLong' });

/** Spec "Number": a quantity, required ('Quantity is required.'), a number, 0 or greater. */
export const amount = z.preprocess(
  toNumberOrRaw,
  z
    .number({ error: (iss) => (iss.input === undefined ? 'quantityRequired' : 'mustBeNumber') })
    .min(0, { error: 'amountMin' })
    .max(INT32_MAX, { error: 'numberOutOfRange' }),
);

/** The spec's Number rule for whole quantities (days, counts): as `amount`, and whole ('It must be an integer'). */
export const wholeAmount = wholeNumber(0, INT32_MAX, {
  required: 'quantityRequired',
  notNumber: 'mustBeNumber',
  notWhole: 'mustBeInteger',
  tooSmall: 'amountMin',
});

export const positiveQuantity = z.preprocess(
  toNumberOrRaw,
  z
    .number({ error: (iss) => (iss.input === undefined ? 'quantityRequired' : 'mustBeNumber') })
    .gt(0, { error: 'quantityPositive' })
    .max(INT32_MAX, { error: 'numberOutOfRange' }),
);

/** Seats ("spots"): a number ('Field only accepts numbers.'), whole, 0 or more (also when empty). */
export const spots = wholeNumber(0, INT32_MAX, {
  required: 'spotsMin',
  notNumber: 'spotsNumber',
  notWhole: 'mustBeInteger',
  tooSmall: 'spotsMin',
});

export const password = text('passwordRequired')
  .min(1, { error: 'passwordRequired' })
  .min(PASSWORD_MIN, { error: 'passwordMin' })
  .max(PASSWORD_MAX, { error: 'passwordMax' });

export const newPassword = text('newPasswordRequired')
  .min(1, { error: 'newPasswordRequired' })
  .min(PASSWORD_MIN, { error: 'newPasswordMin' })
  .max(PASSWORD_MAX, { error: 'passwordMax' });

export const confirmPassword = text('confirmPasswordRequired')
  .min(1, { error: 'confirmPasswordRequired' })
  .max(PASSWORD_MAX, { error: 'passwordMax' });

export const priorityItem = z.preprocess(
  (v) => (v === -1 || v === '-1' ? undefined : v),
  wholeNumber(1, INT32_MAX, {
    required: 'priorityRequired',
    notNumber: 'priorityRequired',
    notWhole: 'priorityRequired',
    tooSmall: 'priorityRequired',
    tooLarge: 'priorityRequired',
  }),
);

export const reorderReason = text('required')
  .trim()
  .min(1, { error: 'required' })
  .min(REORDER_REASON_MIN, { error: 'reorderReasonMin' })
  .max(2000, { error: 'tooLong' });

/** A yes/no field (JSON booleans, or a form's 'true'/'false'/'1'/'0'); missing reads 'Required field.'. */
export const booleanFlag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: (iss) => (iss.input === undefined ? 'required' : 'invalidValue') }),
);
