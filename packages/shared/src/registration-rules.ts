import type { FormFieldType } from './schemas/registration';
import { isStorableText } from './storable-text';

/*
 * A registration form's answers checked against its fields (issue 25): the same rules in the portal, as the family
 * types, and on the server, which decides. A field hidden by its condition is neither asked nor kept.
 */

/** What the rules read of a field: staff's, the stored one, or the portal's (labels do not matter here). */
export type RuleField = {
  key: string;
  type: FormFieldType;
  required: boolean;
  choices?: ReadonlyArray<{ value: string }>;
  showIf: { field: string; equals: string } | null;
};

export type AddressAnswer = { line1: string; line2?: string; city: string; region: string; postalCode: string };
export type FormAnswer = string | AddressAnswer;
export type FormAnswers = Record<string, FormAnswer>;
export type FormProblem = { field: string; message: 'required' | 'invalidValue' | 'invalidDate' | 'tooLong' };

/** The longest typed answer, in characters. */
export const FORM_TEXT_MAX = 500;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The fields the family is asked, given their answers: each condition met, and the field it tests asked too. */
export function shownFields<F extends RuleField>(
  fields: readonly F[],
  answers: Readonly<Record<string, unknown>>,
): F[] {
  const shown = new Set<string>();
  for (const field of fields) {
    const on = field.showIf;
    if (!on || (shown.has(on.field) && answers[on.field] === on.equals)) shown.add(field.key);
  }
  return fields.filter((f) => shown.has(f.key));
}

/**
 * The answers kept (of asked fields only, trimmed) and what is wrong with them: a required field without an answer,
 * an answer of the wrong type, a date that is no day, a choice that is not offered.
 */
export function checkFormAnswers(
  fields: readonly RuleField[],
  given: Readonly<Record<string, unknown>>,
): { answers: FormAnswers; problems: FormProblem[] } {
  const answers: FormAnswers = {};
  const problems: FormProblem[] = [];
  for (const field of shownFields(fields, given)) {
    const checked = checkAnswer(field, given[field.key]);
    if (checked === undefined) {
      if (field.required) problems.push({ field: field.key, message: 'required' });
    } else if (typeof checked === 'object' && 'problem' in checked) {
      problems.push({ field: field.key, message: checked.problem });
    } else answers[field.key] = checked;
  }
  return { answers, problems };
}

type Checked = FormAnswer | { problem: FormProblem['message'] } | undefined;

function checkAnswer(field: RuleField, value: unknown): Checked {
  if (field.type === 'address') return checkAddress(value);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !isStorableText(value)) return { problem: 'invalidValue' };
  const text = value.trim();
  if (text === '') return undefined;
  switch (field.type) {
    case 'text':
      return text.length > FORM_TEXT_MAX ? { problem: 'tooLong' } : text;
    case 'date':
      return isDay(text) ? text : { problem: 'invalidDate' };
    case 'yes_no':
      return text === 'yes' || text === 'no' ? text : { problem: 'invalidValue' };
    case 'choice':
      return field.choices?.some((c) => c.value === text) ? text : { problem: 'invalidValue' };
  }
}

const ADDRESS_PARTS = ['line1', 'line2', 'city', 'region', 'postalCode'] as const;
const ADDRESS_REQUIRED = ['line1', 'city', 'region', 'postalCode'] as const;

function checkAddress(value: unknown): Checked {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) return { problem: 'invalidValue' };
  const parts: Record<string, string> = {};
  for (const part of ADDRESS_PARTS) {
    const given = (value as Record<string, unknown>)[part];
    if (given === undefined || given === null) continue;
    if (typeof given !== 'string' || !isStorableText(given)) return { problem: 'invalidValue' };
    if (given.trim().length > 200) return { problem: 'tooLong' };
    if (given.trim()) parts[part] = given.trim();
  }
  if (Object.keys(parts).length === 0) return undefined;
  if (ADDRESS_REQUIRED.some((part) => !parts[part])) return { problem: 'required' };
  return parts as AddressAnswer;
}

/** A real day of the calendar, written YYYY-MM-DD, between the years 1900 and 2100. */
function isDay(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2100 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}
