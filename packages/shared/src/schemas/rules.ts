import { z } from 'zod';
import {
  DATE_MAX,
  DATE_MIN,
  DESCRIPTION_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REORDER_REASON_MIN,
} from '../constants';

/**
 * The validation rules of spec section 5. Each error is a message key of `messages.ts`, translated by the
 * reader's language on the server (400 bodies) and in the web forms.
 */

const isMissing = (v: unknown) => v === undefined || v === null || v === '';

/** Form inputs arrive as strings; JSON bodies as numbers. Both become numbers here; empty becomes undefined. */
const toNumberOrRaw = (v: unknown) => {
  if (isMissing(v)) return undefined;
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  return v;
};

export const requiredText = (max = 255) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

export const optionalText = (max = 255) =>
  z
    .string({ error: 'invalidValue' })
    .trim()
    .max(max, { error: 'tooLong' })
    .nullish()
    .transform((v) => (v ? v : null));

/** A required select: empty and -1 mean "nothing chosen". */
export const requiredSelect = z.preprocess(
  (v) => (v === -1 || v === '-1' ? undefined : toNumberOrRaw(v)),
  z.number({ error: 'required' }).int({ error: 'required' }),
);

export const optionalId = z.preprocess(
  (v) => (v === -1 || v === '-1' ? null : (toNumberOrRaw(v) ?? null)),
  z.number({ error: 'idNumber' }).int({ error: 'idNumber' }).positive({ error: 'idNumber' }).nullable(),
);

export const id = z.preprocess(
  toNumberOrRaw,
  z
    .number({ error: (iss) => (iss.input === undefined ? 'idRequired' : 'idNumber') })
    .int({ error: 'idNumber' })
    .positive({ error: 'idNumber' }),
);

export const integer = z.preprocess(
  toNumberOrRaw,
  z
    .number({ error: (iss) => (iss.input === undefined ? 'required' : 'mustBeNumber') })
    .int({ error: 'mustBeInteger' }),
);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))
  && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** A calendar date as YYYY-MM-DD between `min` and `max` (the date picker's range by default). */
export const date = (min = DATE_MIN, max = DATE_MAX) =>
  z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .refine(isRealDate, { error: 'invalidDate' })
    .refine((v) => !isRealDate(v) || (v >= min && v <= max), { error: 'dateOutOfRange' });

export const optionalDate = (min = DATE_MIN, max = DATE_MAX) =>
  z.preprocess((v) => (isMissing(v) ? null : v), date(min, max).nullable());

/** Optional leading +, then digits only: no dashes, spaces or parentheses. */
export const PHONE_PATTERN = /^\+?\d{1,3}\d{1,14}$/;

export const optionalPhone = z.preprocess(
  (v) => (isMissing(v) ? null : v),
  z.string({ error: 'phoneFormat' }).trim().regex(PHONE_PATTERN, { error: 'phoneFormat' }).nullable(),
);

export const requiredPhone = z
  .string({ error: 'phoneRequired' })
  .trim()
  .min(1, { error: 'phoneRequired' })
  .regex(PHONE_PATTERN, { error: 'phoneFormat' });

export const email = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, { error: 'emailRequired' })
  .max(254, { error: 'emailInvalid' })
  .pipe(z.email({ error: 'emailInvalid' }))
  .transform((v) => v.toLowerCase());

export const optionalEmail = z.preprocess(
  (v) => (isMissing(v) ? null : v),
  email.nullable(),
);

export const description = z
  .string({ error: 'descriptionRequired' })
  .trim()
  .min(1, { error: 'descriptionRequired' })
  .min(DESCRIPTION_MIN, { error: 'descriptionShort' })
  .max(5000, { error: 'tooLong' });

/** A quantity: required, a number, 0 or greater. */
export const amount = z.preprocess(
  toNumberOrRaw,
  z
    .number({ error: (iss) => (iss.input === undefined ? 'quantityRequired' : 'mustBeNumber') })
    .min(0, { error: 'amountMin' }),
);

export const positiveQuantity = z.preprocess(
  toNumberOrRaw,
  z
    .number({ error: (iss) => (iss.input === undefined ? 'quantityRequired' : 'mustBeNumber') })
    .gt(0, { error: 'quantityPositive' }),
);

/** Seats ("spots"): whole numbers, 0 or more. */
export const spots = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && !/^-?\d+$/.test(v.trim()) ? NaN : toNumberOrRaw(v)),
  z
    .number({ error: (iss) => (iss.input === undefined ? 'spotsMin' : 'spotsNumber') })
    .int({ error: 'spotsNumber' })
    .min(0, { error: 'spotsMin' }),
);

export const password = z
  .string({ error: 'passwordRequired' })
  .min(1, { error: 'passwordRequired' })
  .min(PASSWORD_MIN, { error: 'passwordMin' })
  .max(PASSWORD_MAX, { error: 'passwordMax' });

export const newPassword = z
  .string({ error: 'newPasswordRequired' })
  .min(1, { error: 'newPasswordRequired' })
  .min(PASSWORD_MIN, { error: 'newPasswordMin' })
  .max(PASSWORD_MAX, { error: 'passwordMax' });

export const confirmPassword = z
  .string({ error: 'confirmPasswordRequired' })
  .min(1, { error: 'confirmPasswordRequired' });

export const priorityItem = z.preprocess(
  (v) => (v === -1 || v === '-1' ? undefined : toNumberOrRaw(v)),
  z.number({ error: 'priorityRequired' }).int({ error: 'priorityRequired' }).positive({ error: 'priorityRequired' }),
);

export const reorderReason = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .min(REORDER_REASON_MIN, { error: 'reorderReasonMin' });

export const booleanFlag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'invalidValue' }),
);
