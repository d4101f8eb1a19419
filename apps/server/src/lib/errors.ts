import type { MessageKey } from '@openseat/shared/messages';

/**
 * Every code an error answer carries, with its HTTP status: the one place a code meets its status. The generic
 * codes first, then the domain conflicts (the request is sound, the stored state refuses it).
 */
export const STATUS_OF = {
  VALIDATION: 400,
  /** a value passed the schema but not the database: a schema lacks a rule */
  INVALID_INPUT: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** the spec's contract: an expired access token is a 409 and the client refreshes */
  TOKEN_EXPIRED: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  PERIOD_FINALIZED: 409,
  PERIOD_STATE: 409,
  ENROLLMENT_ENDED: 409,
  ENROLLMENT_NOT_STARTED: 409,
  MOVE_NOT_ALLOWED: 409,
  GRADE_REQUIRED: 409,
  NO_SPOTS: 409,
  LOTTERY_RUNNING: 409,
  LOTTERY_NOT_ENABLED: 409,
  LOTTERY_PERIOD_NOT_STARTED: 409,
  LOTTERY_NO_APPLICATIONS: 409,
  LOTTERY_ALREADY_DRAWN: 409,
  /** v2 (docs/lottery-algorithm.md): the freeze, its source and its guard */
  LOTTERY_FROZEN: 409,
  LOTTERY_NOT_FROZEN: 409,
  LOTTERY_NEEDS_FREEZE: 409,
  LOTTERY_NOT_CLOSED: 409,
  LOTTERY_INPUTS_CHANGED: 409,
  LOTTERY_ROUND: 409,
  LOTTERY_BEACON: 422,
  /** no relay answered: not a server fault, staff paste the round instead */
  LOTTERY_BEACON_UNAVAILABLE: 409,
  LOTTERY_DICE: 409,
  /** a re-run refused: no draw, or its families were told, or its applications moved since */
  LOTTERY_RERUN: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof STATUS_OF;

export type FieldError = { path: string; message: string };

/** The one domain error. `message` is a message key (translated on the way out) or plain text. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: MessageKey | (string & {}),
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.statusCode = STATUS_OF[code];
  }
}

type Message = MessageKey | (string & {});

export const badRequest = (message: Message, fieldErrors: FieldError[] = []) =>
  new AppError('VALIDATION', message, fieldErrors);
export const unauthorized = (message: Message = 'unauthorized') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message: Message = 'forbidden') => new AppError('FORBIDDEN', message);
export const notFound = (fieldErrors: FieldError[] = []) => new AppError('NOT_FOUND', 'notFound', fieldErrors);
export const conflict = (message: Message, fieldErrors: FieldError[] = []) =>
  new AppError('CONFLICT', message, fieldErrors);
export const payloadTooLarge = (message: Message = 'payloadTooLarge') => new AppError('PAYLOAD_TOO_LARGE', message);
export const unprocessable = (message: Message) => new AppError('UNPROCESSABLE', message);
export const tooManyRequests = (message: Message = 'tooManyRequests') => new AppError('TOO_MANY_REQUESTS', message);
