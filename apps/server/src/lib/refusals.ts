import { translate, type MessageKey } from '@openseat/shared/messages';

/** One row a bulk request left alone, as a service answers it: why, as a code and a message key. */
export type Refusal = { id_application: number; code: string; message: MessageKey };

/** The refused rows in the reader's language: the HTTP layer's part, a service answers keys. */
export const translateRefusals = <R extends { message: string }>(refused: R[], lng: string): R[] =>
  refused.map((r) => ({ ...r, message: translate(r.message, lng) }));
