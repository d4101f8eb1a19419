import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { translate } from '../messages';
import { UserConfigurationRequestSchema } from './account';
import { ResetPasswordRequestSchema } from './auth';
import { CampusYearCreateSchema, SeatsUpdateSchema } from './enrollment';
import { PageQuerySchema } from './pagination';
import { RoleRequestSchema } from './roles';
import * as rule from './rules';

/** The first error of `schema` for `value`, in both languages. */
function messages(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success, `expected ${JSON.stringify(value)} to fail`).toBe(false);
  const key = result.error!.issues[0].message;
  return { en: translate(key, 'en'), es: translate(key, 'es') };
}

const CASES: Array<[string, z.ZodType, unknown, string, string]> = [
  ['required', rule.requiredText(), '', 'Required field.', 'Campo requerido'],
  ['required select (-1)', rule.requiredSelect, -1, 'Required field.', 'Campo requerido'],
  ['date required', rule.date(), '', 'Required field.', 'Campo requerido'],
  ['invalid date', rule.date(), '2026-02-30', 'Invalid date', 'Fecha invalida'],
  [
    'date out of range',
    rule.date(),
    '1899-12-31',
    'Date selected is out of range.',
    'La fecha seleccionada está fuera de rango.',
  ],
  ['integer', rule.integer, 2.5, 'It must be an integer', 'Debe ser un entero'],
  ['number', rule.integer, 'abc', 'It must be a number.', 'Debe ser un número'],
  [
    'phone format',
    rule.optionalPhone,
    '520-555-0101',
    "The phone number can't have dash, spaces nor parentheses.",
    'El número de teléfono no puede tener guiones, espacios ni paréntesis.',
  ],
  ['phone required', rule.requiredPhone, '', 'Enter a valid phone number.', 'Ingrese un número de teléfono válido.'],
  ['e-mail invalid', rule.email, 'someone@', 'Enter a valid email.', 'Ingrese un correo electrónico válido.'],
  ['e-mail required', rule.email, '', 'Email is required', 'El correo electrónico es requerido'],
  ['description short', rule.description, 'too short', 'Description is too short', 'La descripción es muy corta'],
  ['description required', rule.description, '', 'Description is required', 'La descripción es requerida'],
  ['amount min', rule.amount, -1, 'Amount has to be 0 or greater.', 'La cantidad debe ser 0 o mayor.'],
  ['quantity required', rule.amount, undefined, 'Quantity is required.', 'La cantidad es requerida.'],
  ['spots numbers only', rule.spots, 'abc', 'Field only accepts numbers.', 'El campo solo acepta números.'],
  [
    'spots min',
    rule.spots,
    -3,
    'The amount must be equal to or greater than zero.',
    'La cantidad debe ser igual o mayor que cero.',
  ],
  [
    'spots required',
    rule.spots,
    '',
    'The amount must be equal to or greater than zero.',
    'La cantidad debe ser igual o mayor que cero.',
  ],
  ['password required', rule.password, '', 'Password is required.', 'La contraseña es requerida.'],
  [
    'password min',
    rule.password,
    'short',
    'It needs to have at least 8 characters.',
    'Necesita tener al menos 8 caracteres.',
  ],
  [
    'new password min',
    rule.newPassword,
    'short',
    'The new password must be at least 8 characters.',
    'La nueva contraseña debe tener al menos 8 caracteres.',
  ],
  ['id number', rule.id, 0, 'ID has to be a number greater than 0.', 'El ID debe ser un número mayor que 0.'],
  ['id required', rule.id, undefined, 'ID is required.', 'El ID es requerido.'],
  ['priority item required', rule.priorityItem, -1, 'Priority item is required', 'La prioridad es requerida'],
  [
    'reorder reason',
    rule.reorderReason,
    'because',
    'The reason must have at least 10 characters.',
    'El motivo debe tener al menos 10 caracteres.',
  ],
];

describe('section 5 validation messages', () => {
  it.each(CASES)('%s', (_name, schema, value, en, es) => {
    expect(messages(schema, value)).toEqual({ en, es });
  });

  it('passwords must match', () => {
    expect(
      messages(ResetPasswordRequestSchema, {
        token: 'x'.repeat(30),
        password: 'long-enough-1',
        confirmPassword: 'long-enough-2',
      }),
    ).toEqual({ en: 'Passwords must match.', es: 'Las contraseñas deben coincidir.' });
  });

  it('spots and the acceptance period read as the spec says (issue 8 item 5)', () => {
    const period = { id_campus: 1, id_school_year: 1, spots: 10, enrollment_start_date: '', enrollment_end_date: '' };
    const acceptance = CampusYearCreateSchema.safeParse({ ...period, enrollment_acceptance_period: '' });
    expect(acceptance.error?.issues[0]).toMatchObject({ path: ['enrollment_acceptance_period'] });
    expect(translate(acceptance.error!.issues[0].message, 'en')).toBe('Quantity is required.');
    expect(translate(acceptance.error!.issues[0].message, 'es')).toBe('La cantidad es requerida.');
    expect(CampusYearCreateSchema.parse(period).enrollment_acceptance_period).toBe(0);
    for (const decimal of [2.5, '2.5'])
      expect(messages(SeatsUpdateSchema, [{ id_campus_year_grade: 1, spots: decimal }])).toEqual({
        en: 'It must be an integer',
        es: 'Debe ser un entero',
      });
    expect(messages(rule.spots, 'abc').en).toBe('Field only accepts numbers.');
    expect(messages(rule.wholeAmount, 1.5).en).toBe('It must be an integer');
    expect(messages(rule.wholeAmount, 'x').en).toBe('It must be a number.');
    expect(messages(rule.wholeAmount, -1).en).toBe('Amount has to be 0 or greater.');
  });

  it('a role needs its name, type and status (spec: "Role: name, type and status required")', () => {
    const role = { name: 'Registrar', id_context_type: 2, type: 'school', isActive: true };
    expect(RoleRequestSchema.parse(role)).toMatchObject(role);
    for (const field of ['name', 'type', 'isActive', 'id_context_type'] as const) {
      const { [field]: _missing, ...rest } = role;
      const result = RoleRequestSchema.safeParse(rest);
      expect(result.error?.issues[0].path, field).toEqual([field]);
      expect(translate(result.error!.issues[0].message, 'en'), field).toBe('Required field.');
      expect(translate(result.error!.issues[0].message, 'es'), field).toBe('Campo requerido');
    }
    expect(messages(rule.booleanFlag, 'maybe').en).toBe('Invalid value.');
  });

  it('accepts good values', () => {
    expect(rule.spots.parse('12')).toBe(12);
    expect(rule.optionalPhone.parse('+15205550101')).toBe('+15205550101');
    expect(rule.optionalPhone.parse('')).toBeNull();
    expect(rule.date().parse('2026-11-22')).toBe('2026-11-22');
    expect(rule.email.parse(' Ana@Example.org ')).toBe('ana@example.org');
  });
});

describe('whole numbers fit the 32-bit integer columns', () => {
  it('refuses ids beyond 2,147,483,647 with the id message, and accepts the largest', () => {
    for (const tooLarge of [2147483648, '2147483648', 1e20, Number.MAX_SAFE_INTEGER + 2])
      expect(messages(rule.id, tooLarge)).toEqual({
        en: 'ID has to be a number greater than 0.',
        es: 'El ID debe ser un número mayor que 0.',
      });
    expect(rule.id.parse(2147483647)).toBe(2147483647);
    expect(rule.id.parse('2147483647')).toBe(2147483647);
    expect(rule.optionalId.parse('')).toBeNull();
    expect(messages(rule.optionalId, 2147483648).en).toBe('ID has to be a number greater than 0.');
    expect(messages(rule.requiredSelect, 2147483648).en).toBe('Invalid value.');
  });

  it('reads numbers only in decimal notation', () => {
    for (const odd of ['0x10', 'Infinity', '1_000', ' '])
      expect(messages(rule.id, odd).en).toMatch(/^ID (has to be|is required)/);
    expect(rule.id.parse(' 12 ')).toBe(12);
    expect(rule.integer.parse('-7')).toBe(-7);
  });

  it('reports a number out of range as such, not as a fraction', () => {
    expect(messages(rule.integer, 1e300)).toEqual({
      en: 'The number is out of range.',
      es: 'El número está fuera de rango.',
    });
    expect(messages(rule.spots, 2147483648).en).toBe('The number is out of range.');
    expect(messages(rule.wholeAmount, '99999999999').en).toBe('The number is out of range.');
  });

  it('bounds the pages of every list', () => {
    expect(messages(PageQuerySchema, { page: '2147483648' }).en).toBe('The number is out of range.');
    expect(messages(PageQuerySchema, { pageSize: '201' }).en).toBe('The number is out of range.');
    expect(PageQuerySchema.parse({ page: '3', pageSize: '50' })).toMatchObject({ page: 3, pageSize: 50 });
  });
});

describe('text PostgreSQL can store', () => {
  const refused = {
    en: 'The text contains characters that are not allowed.',
    es: 'El texto contiene caracteres que no están permitidos.',
  };

  it.each([
    ['NUL', 'Ana\u0000Lee'],
    ['lone high surrogate', '\ud800x'],
    ['lone low surrogate', 'x\udc00'],
    ['surrogates in the wrong order', '\udc00\ud800'],
  ])('refuses a %s in every kind of text', (_name, value) => {
    for (const schema of [
      rule.requiredText(),
      rule.optionalText(),
      rule.description,
      rule.email,
      rule.password,
      rule.reorderReason,
      rule.date(),
      PageQuerySchema.shape.text,
    ])
      expect(messages(schema, value)).toEqual(refused);
  });

  it('keeps real text, emoji (a surrogate pair) included', () => {
    expect(rule.requiredText().parse(' Ñandú 😀 ')).toBe('Ñandú 😀');
    expect(rule.isStorableText('👩‍🏫 Mrs. Ortiz')).toBe(true);
  });
});

describe('an update needs something to change', () => {
  it('refuses an empty user configuration, keeps a partial one', () => {
    expect(messages(UserConfigurationRequestSchema, {})).toEqual({
      en: 'Send at least one field to change.',
      es: 'Envíe al menos un campo para cambiar.',
    });
    expect(messages(UserConfigurationRequestSchema, { unknown: 1 }).en).toBe('Send at least one field to change.');
    expect(UserConfigurationRequestSchema.parse({ lng: 'es' })).toEqual({ lng: 'es' });
    expect(UserConfigurationRequestSchema.parse({ id_main_campus: null })).toEqual({ id_main_campus: null });
  });
});

describe('person names', () => {
  it('accept letters of every language, marks, spaces, hyphens, apostrophes and periods', () => {
    for (const name of [
      "María José O'Neil-Ruiz",
      'Nguyễn Thị Minh',
      '李小龙',
      'محمد',
      'Zoë D’Angelo',
      'Ma. Luisa Jr.',
      'Ñandú',
    ])
      expect(rule.personName().parse(name)).toBe(name);
  });

  it('refuse emoji, digits and symbols with the message in both languages', () => {
    for (const name of ['Ana 😀', 'Ana2', '-Ana', 'Ana_Lopez', '=cmd', 'Ana@home'])
      expect(messages(rule.personName(), name)).toEqual({
        en: 'Use letters only, with spaces, hyphens, apostrophes or periods between them.',
        es: 'Use solo letras, con espacios, guiones, apóstrofos o puntos entre ellas.',
      });
  });
});
