import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { translate } from '../messages';
import { ResetPasswordRequestSchema } from './auth';
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
  ['date out of range', rule.date(), '1899-12-31', 'Date selected is out of range.', 'La fecha seleccionada está fuera de rango.'],
  ['integer', rule.integer, 2.5, 'It must be an integer', 'Debe ser un entero'],
  ['number', rule.integer, 'abc', 'It must be a number', 'Debe ser un número'],
  ['phone format', rule.optionalPhone, '520-555-0101', "The phone number can't have dash, spaces nor parentheses.", 'El número de teléfono no puede tener guiones, espacios ni paréntesis.'],
  ['phone required', rule.requiredPhone, '', 'Enter a valid phone number.', 'Ingrese un número de teléfono válido.'],
  ['e-mail invalid', rule.email, 'someone@', 'Enter a valid email.', 'Ingrese un correo electrónico válido.'],
  ['e-mail required', rule.email, '', 'Email is required', 'El correo electrónico es requerido'],
  ['description short', rule.description, 'too short', 'Description is too short', 'La descripción es muy corta'],
  ['description required', rule.description, '', 'Description is required', 'La descripción es requerida'],
  ['amount min', rule.amount, -1, 'Amount has to be 0 or greater.', 'La cantidad debe ser 0 o mayor.'],
  ['quantity required', rule.amount, undefined, 'Quantity is required.', 'La cantidad es requerida.'],
  ['spots numbers only', rule.spots, 'abc', 'Field only accepts numbers.', 'El campo solo acepta números.'],
  ['spots min', rule.spots, -3, 'The amount must be equal to or greater than zero.', 'La cantidad debe ser igual o mayor que cero.'],
  ['spots required', rule.spots, '', 'The amount must be equal to or greater than zero.', 'La cantidad debe ser igual o mayor que cero.'],
  ['password required', rule.password, '', 'Password is required.', 'La contraseña es requerida.'],
  ['password min', rule.password, 'short', 'It needs to have at least 8 characters.', 'Necesita tener al menos 8 caracteres.'],
  ['new password min', rule.newPassword, 'short', 'The new password must be at least 8 characters.', 'La nueva contraseña debe tener al menos 8 caracteres.'],
  ['id number', rule.id, 0, 'ID has to be a number greater than 0.', 'El ID debe ser un número mayor que 0.'],
  ['id required', rule.id, undefined, 'ID is required.', 'El ID es requerido.'],
  ['priority item required', rule.priorityItem, -1, 'Priority item is required', 'La prioridad es requerida'],
  ['reorder reason', rule.reorderReason, 'because', 'The reason must have at least 10 characters.', 'El motivo debe tener al menos 10 caracteres.'],
];

describe('section 5 validation messages', () => {
  it.each(CASES)('%s', (_name, schema, value, en, es) => {
    expect(messages(schema, value)).toEqual({ en, es });
  });

  it('passwords must match', () => {
    expect(messages(ResetPasswordRequestSchema, { token: 'x'.repeat(30), password: 'long-enough-1', confirmPassword: 'long-enough-2' })).toEqual({ en: 'Passwords must match.', es: 'Las contraseñas deben coincidir.' });
  });

  it('accepts good values', () => {
    expect(rule.spots.parse('12')).toBe(12);
    expect(rule.optionalPhone.parse('+15205550101')).toBe('+15205550101');
    expect(rule.optionalPhone.parse('')).toBeNull();
    expect(rule.date().parse('2026-11-22')).toBe('2026-11-22');
    expect(rule.email.parse(' Ana@Example.org ')).toBe('ana@example.org');
  });
});
