import type { Language } from './constants';
import { FALLBACK_LANGUAGE } from './constants';

/**
 * Validation and error messages, spec section 5 and 8 wording, in English and Spanish.
 * Schemas carry the key; the server and the web client translate it for the reader.
 */
const en = {
  required: 'Required field.',
  invalidDate: 'Invalid date',
  dateOutOfRange: 'Date selected is out of range.',
  mustBeNumber: 'It must be a number',
  mustBeInteger: 'It must be an integer',
  phoneFormat: "The phone number can't have dash, spaces nor parentheses.",
  phoneRequired: 'Enter a valid phone number.',
  emailInvalid: 'Enter a valid email.',
  emailRequired: 'Email is required',
  descriptionShort: 'Description is too short',
  descriptionRequired: 'Description is required',
  amountMin: 'Amount has to be 0 or greater.',
  quantityRequired: 'Quantity is required.',
  quantityPositive: 'Quantity has to be greater than 0.',
  spotsNumber: 'Field only accepts numbers.',
  spotsMin: 'The amount must be equal to or greater than zero.',
  spotsTotal: 'The total number of spots must not be greater than the available spots.',
  passwordRequired: 'Password is required.',
  passwordMin: 'It needs to have at least 8 characters.',
  passwordMax: 'It can have at most 128 characters.',
  passwordCommon: 'This password is too common. Choose another one.',
  newPasswordRequired: 'New password is required.',
  newPasswordMin: 'The new password must be at least 8 characters.',
  confirmPasswordRequired: 'Password confirmation is required.',
  passwordsMatch: 'Passwords must match.',
  idNumber: 'ID has to be a number greater than 0.',
  idRequired: 'ID is required.',
  priorityRequired: 'Priority item is required',
  reorderReasonMin: 'The reason must have at least 10 characters.',
  reminderChannel: 'A reminder needs at least an e-mail ID or a text message ID.',
  gradeRequired: 'Assign a grade to the application before editing student info.',
  tooLong: 'Too long.',
  invalidValue: 'Invalid value.',
  // errors (spec section 8 and the API contract)
  invalidCredentials: 'Wrong e-mail or password.',
  accountLocked: 'Too many failed attempts. Try again in a few minutes.',
  accountInactive: 'This account is inactive. Contact your administrator.',
  tooManyRequests: 'Too many requests. Wait a moment and try again.',
  unauthorized: 'Your session has ended. Sign in again.',
  tokenExpired: 'The access token has expired.',
  forbidden: "You don't have permissions to do this.",
  notFound: 'Not found.',
  badRequest: 'The request is not valid.',
  payloadTooLarge: 'The request is too large.',
  conflict: 'The request conflicts with the current state.',
  internal: 'Something went wrong. Try again.',
  resetLinkInvalid: 'The reset link is invalid or has expired. Request a new one.',
  recoverySent: 'If the e-mail belongs to an account, a link to reset the password is on its way.',
  passwordChanged: 'Password updated.',
  wrongCurrentPassword: 'The current password is not correct.',
  emailTaken: 'A user with this e-mail already exists.',
  schoolNotAllowed: 'You are not a maintainer of this school.',
  noAccess: 'No access',
  saved: 'Saved.',
  created: 'Created.',
  deleted: 'Deleted.',
} as const;

export type MessageKey = keyof typeof en;

const es: Record<MessageKey, string> = {
  required: 'Campo requerido',
  invalidDate: 'Fecha invalida',
  dateOutOfRange: 'La fecha seleccionada está fuera de rango.',
  mustBeNumber: 'Debe ser un número',
  mustBeInteger: 'Debe ser un entero',
  phoneFormat: 'El número de teléfono no puede tener guiones, espacios ni paréntesis.',
  phoneRequired: 'Ingrese un número de teléfono válido.',
  emailInvalid: 'Ingrese un correo electrónico válido.',
  emailRequired: 'El correo electrónico es requerido',
  descriptionShort: 'La descripción es muy corta',
  descriptionRequired: 'La descripción es requerida',
  amountMin: 'La cantidad debe ser 0 o mayor.',
  quantityRequired: 'La cantidad es requerida.',
  quantityPositive: 'La cantidad debe ser mayor que 0.',
  spotsNumber: 'El campo solo acepta números.',
  spotsMin: 'La cantidad debe ser igual o mayor que cero.',
  spotsTotal: 'El número total de cupos no debe ser mayor que los cupos disponibles.',
  passwordRequired: 'La contraseña es requerida.',
  passwordMin: 'Necesita tener al menos 8 caracteres.',
  passwordMax: 'Puede tener como máximo 128 caracteres.',
  passwordCommon: 'Esta contraseña es muy común. Elija otra.',
  newPasswordRequired: 'La nueva contraseña es requerida.',
  newPasswordMin: 'La nueva contraseña debe tener al menos 8 caracteres.',
  confirmPasswordRequired: 'La confirmación de la contraseña es requerida.',
  passwordsMatch: 'Las contraseñas deben coincidir.',
  idNumber: 'El ID debe ser un número mayor que 0.',
  idRequired: 'El ID es requerido.',
  priorityRequired: 'La prioridad es requerida',
  reorderReasonMin: 'El motivo debe tener al menos 10 caracteres.',
  reminderChannel: 'Un recordatorio necesita al menos un ID de correo o un ID de mensaje de texto.',
  gradeRequired: 'Asigne un grado a la solicitud antes de editar la información del estudiante.',
  tooLong: 'Demasiado largo.',
  invalidValue: 'Valor inválido.',
  invalidCredentials: 'Correo electrónico o contraseña incorrectos.',
  accountLocked: 'Demasiados intentos fallidos. Intente de nuevo en unos minutos.',
  accountInactive: 'Esta cuenta está inactiva. Contacte a su administrador.',
  tooManyRequests: 'Demasiadas solicitudes. Espere un momento e intente de nuevo.',
  unauthorized: 'Su sesión terminó. Inicie sesión de nuevo.',
  tokenExpired: 'El token de acceso expiró.',
  forbidden: 'No tiene permisos para hacer esto.',
  notFound: 'No encontrado.',
  badRequest: 'La solicitud no es válida.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  conflict: 'La solicitud entra en conflicto con el estado actual.',
  internal: 'Algo salió mal. Intente de nuevo.',
  resetLinkInvalid: 'El enlace para restablecer es inválido o expiró. Solicite uno nuevo.',
  recoverySent: 'Si el correo pertenece a una cuenta, un enlace para restablecer la contraseña va en camino.',
  passwordChanged: 'Contraseña actualizada.',
  wrongCurrentPassword: 'La contraseña actual no es correcta.',
  emailTaken: 'Ya existe un usuario con este correo electrónico.',
  schoolNotAllowed: 'Usted no es mantenedor de esta escuela.',
  noAccess: 'Sin acceso',
  saved: 'Guardado.',
  created: 'Creado.',
  deleted: 'Eliminado.',
};

export const MESSAGES: Record<Language, Record<MessageKey, string>> = { en, es };

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, value);
}

/** Translates a message key; text that is not a key is returned as it is. */
export function translate(keyOrText: string, lng: string | undefined): string {
  if (!isMessageKey(keyOrText)) return keyOrText;
  const language = (lng === 'es' ? 'es' : FALLBACK_LANGUAGE) satisfies Language;
  return MESSAGES[language][keyOrText];
}
