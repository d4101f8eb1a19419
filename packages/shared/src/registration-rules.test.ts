import { describe, expect, it } from 'vitest';
import { checkFormAnswers, shownFields } from './registration-rules';
import { RegistrationItemInputSchema, type FormField } from './schemas/registration';

const labels = (en: string) => ({ en, es: `${en} (es)` });
const field = (key: string, type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({
  key,
  type,
  labels: labels(key),
  required: true,
  showIf: null,
  ...extra,
});

/** A health form: allergies asked only when there are some, the detail only for a severe one. */
const HEALTH: FormField[] = [
  field('has_allergies', 'yes_no'),
  field('severity', 'choice', {
    choices: [
      { value: 'mild', labels: labels('Mild') },
      { value: 'severe', labels: labels('Severe') },
    ],
    showIf: { field: 'has_allergies', equals: 'yes' },
  }),
  field('action_plan', 'text', { showIf: { field: 'severity', equals: 'severe' } }),
  field('birth_date', 'date'),
  field('home', 'address', { required: false }),
];

const HOME = { line1: '12 Palm St', city: 'Phoenix', region: 'AZ', postalCode: '85004' };

describe('a registration form', () => {
  it.each([
    { answers: { has_allergies: 'no' }, shown: ['has_allergies', 'birth_date', 'home'] },
    { answers: { has_allergies: 'yes' }, shown: ['has_allergies', 'severity', 'birth_date', 'home'] },
    {
      answers: { has_allergies: 'yes', severity: 'severe' },
      shown: ['has_allergies', 'severity', 'action_plan', 'birth_date', 'home'],
    },
    // a condition on a field that is itself hidden hides too
    { answers: { has_allergies: 'no', severity: 'severe' }, shown: ['has_allergies', 'birth_date', 'home'] },
  ])('asks what the answers lead to: $answers', ({ answers, shown }) => {
    expect(shownFields(HEALTH, answers).map((f) => f.key)).toEqual(shown);
  });

  it.each([
    { given: {}, problems: ['has_allergies:required', 'birth_date:required'] },
    {
      given: { has_allergies: 'yes', birth_date: '2020-02-30' },
      problems: ['severity:required', 'birth_date:invalidDate'],
    },
    { given: { has_allergies: 'maybe', birth_date: '2020-02-29' }, problems: ['has_allergies:invalidValue'] },
    {
      given: { has_allergies: 'yes', severity: 'deadly', birth_date: '2020-01-01' },
      problems: ['severity:invalidValue'],
    },
    { given: { has_allergies: 'no', birth_date: 20200101 }, problems: ['birth_date:invalidValue'] },
    { given: { has_allergies: 'no', birth_date: '1899-12-31' }, problems: ['birth_date:invalidDate'] },
    { given: { has_allergies: 'no', birth_date: '2020-01-01', home: { line1: 'x' } }, problems: ['home:required'] },
    { given: { has_allergies: 'no', birth_date: '2020-01-01', home: 'Phoenix' }, problems: ['home:invalidValue'] },
    {
      given: { has_allergies: 'yes', severity: 'severe', action_plan: 'x'.repeat(501), birth_date: '2020-01-01' },
      problems: ['action_plan:tooLong'],
    },
    { given: { has_allergies: 'no', birth_date: '2020-01-01', home: HOME }, problems: [] },
  ])('finds what is wrong: $problems', ({ given, problems }) => {
    expect(checkFormAnswers(HEALTH, given).problems.map((p) => `${p.field}:${p.message}`)).toEqual(problems);
  });

  it('keeps only the answers of asked fields, trimmed', () => {
    const { answers } = checkFormAnswers(HEALTH, {
      has_allergies: 'no',
      severity: 'severe',
      action_plan: 'hidden',
      birth_date: ' 2020-01-01 ',
      home: { ...HOME, line2: '  ' },
      unknown: 'dropped',
    });
    expect(answers).toEqual({ has_allergies: 'no', birth_date: '2020-01-01', home: HOME });
  });
});

describe('a checklist item as staff write it', () => {
  const form = (fields: unknown[]) => ({ kind: 'form', required: true, labels: labels('Health'), form: { fields } });
  const messages = (input: unknown) => {
    const parsed = RegistrationItemInputSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts each kind', () => {
    expect(messages(form(HEALTH))).toEqual([]);
    expect(
      messages({
        kind: 'document',
        required: true,
        labels: labels('Birth certificate'),
        document: { types: ['pdf', 'jpeg'], maxMb: 10 },
      }),
    ).toEqual([]);
    expect(
      messages({
        kind: 'agreement',
        required: true,
        labels: labels('Handbook'),
        agreement: { text: labels('I agree.'), signers: 'two' },
      }),
    ).toEqual([]);
    expect(messages({ kind: 'deposit', required: false, labels: labels('Deposit') })).toEqual([]);
  });

  it.each([
    [form([field('a', 'text'), field('a', 'date')]), ['form.fields.1.key:registrationKeyTaken']],
    [form([field('Bad Key', 'text')]), ['form.fields.0.key:registrationKeyInvalid']],
    [
      form([field('pick', 'choice', { choices: [{ value: 'x', labels: labels('X') }] })]),
      ['form.fields.0.choices:registrationChoicesTooFew'],
    ],
    [
      form([field('t', 'text', { choices: [{ value: 'x', labels: labels('X') }] })]),
      ['form.fields.0.choices:registrationChoicesOnlyForChoice'],
    ],
    [
      form([field('later', 'text', { showIf: { field: 'yes', equals: 'yes' } }), field('yes', 'yes_no')]),
      ['form.fields.0.showIf:registrationConditionInvalid'],
    ],
    [
      form([field('q', 'yes_no'), field('t', 'text', { showIf: { field: 'q', equals: 'maybe' } })]),
      ['form.fields.1.showIf:registrationConditionInvalid'],
    ],
    [form([]), ['form.fields:registrationFieldsRequired']],
    [
      { kind: 'document', required: true, labels: labels('Proof'), document: { types: [], maxMb: 50 } },
      ['document.types:registrationDocumentTypesRequired', 'document.maxMb:numberOutOfRange'],
    ],
    [{ kind: 'deposit', required: true, labels: { en: 'Deposit' } }, ['labels.es:required']],
    [{ kind: 'payment', required: true, labels: labels('Pay') }, ['kind:invalidValue']],
  ])('refuses %j', (input, expected) => {
    expect(messages(input)).toEqual(expected);
  });
});
