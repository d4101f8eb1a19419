import type { MessageKey } from '@openseat/shared/messages';

export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'TOKEN_EXPIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | (string & {});

const STATUS_OF: Record<string, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOKEN_EXPIRED: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
};

export type FieldError = { path: string; message: string };

/** The one domain error. `message` is a message key (translated on the way out) or plain text. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: MessageKey | (string & {}),
    readonly fieldErrors: FieldError[] = [],
    statusCode?: number,
  ) {
    super(message);
    this.statusCode = statusCode ?? STATUS_OF[code] ?? 400;
  }
}

export const notFound = () => new AppError('NOT_FOUND', 'notFound');
export const forbidden = (message: MessageKey | (string & {}) = 'forbidden') => new AppError('FORBIDDEN', message);
export const unauthorized = () => new AppError('UNAUTHORIZED', 'unauthorized');
export const badRequest = (message: MessageKey | (string & {}), fieldErrors: FieldError[] = []) =>
  new AppError('VALIDATION', message, fieldErrors);
export const conflict = (message: MessageKey | (string & {})) => new AppError('CONFLICT', message);
