import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import { isStorableText } from '@openseat/shared/schemas/rules';
import { sqlStateOf } from '../lib/db-errors';
import { AppError, badRequest, STATUS_OF, type ErrorCode, type FieldError } from '../lib/errors';

const statusCodeOf = (error: FastifyError) => (typeof error.statusCode === 'number' ? error.statusCode : 500);

/**
 * One place that turns every failure into `{message, code, errors?}` in the reader's language, and refuses
 * text PostgreSQL cannot store before any handler sees it.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => refuseUnstorableText(request));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lng = request.lng;
    // an export that failed before its first row: the CSV headers must not describe the JSON error
    reply.removeHeader('content-disposition');
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: translate(v.message ?? 'invalidValue', lng),
      }));
      const message = errors[0]?.message ?? translate('badRequest', lng);
      return send(reply, STATUS_OF.VALIDATION, { message, code: 'VALIDATION', errors });
    }
    if (error instanceof AppError) {
      const errors = error.fieldErrors.map((f) => ({ path: f.path, message: translate(f.message, lng) }));
      return answer(reply, error.code, translate(error.message, lng), errors);
    }
    const fromDatabase = databaseAnswer(error);
    if (fromDatabase) {
      request.log.warn({ err: error }, 'input reached the database unchecked');
      return answer(reply, fromDatabase.code, translate(fromDatabase.message, lng));
    }
    const status = statusCodeOf(error);
    if (status === 413) return answer(reply, 'PAYLOAD_TOO_LARGE', translate('payloadTooLarge', lng));
    if (status === 429) return answer(reply, 'TOO_MANY_REQUESTS', translate('tooManyRequests', lng));
    if (status >= 400 && status < 500) {
      return send(reply, status, { message: translate('badRequest', lng), code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return answer(reply, 'INTERNAL', translate('internal', lng));
  });
}

const send = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
  reply.status(status).type('application/json; charset=utf-8').send(body);

/** An answer with one of our codes: its status comes from the code's table. */
const answer = (reply: FastifyReply, code: ErrorCode, message: string, errors: FieldError[] = []) =>
  send(reply, STATUS_OF[code], { message, code, ...(errors.length ? { errors } : {}) });

/**
 * The safety net under the shared rules: a value that passed validation but the database cannot take is the
 * caller's fault (400 `INVALID_INPUT`, SQLSTATE class 22, e.g. a number beyond an `integer` column), and an
 * unhandled constraint (class 23) is a conflict with the stored state. The route-wide bad-input test fails on
 * `INVALID_INPUT`: it means a schema lacks a rule.
 */
function databaseAnswer(error: unknown) {
  const state = sqlStateOf(error);
  // raised by the triggers of migration 0026 under every path that would change a frozen lottery's inputs
  if (state === 'OSL01') return { code: 'LOTTERY_FROZEN', message: 'lotteryInputsFrozen' } as const;
  if (state?.startsWith('22')) return { code: 'INVALID_INPUT', message: 'badRequest' } as const;
  if (state?.startsWith('23')) return { code: 'CONFLICT', message: 'conflict' } as const;
  return null;
}

/** The first string (or key) anywhere in `value` that PostgreSQL cannot store, as a field error. */
function findUnstorable(value: unknown, path: string, depth = 0): FieldError | null {
  if (typeof value === 'string') return isStorableText(value) ? null : { path, message: 'invalidCharacters' };
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return { path: innerPath, message: 'invalidCharacters' };
    const found = findUnstorable(inner, innerPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Runs after authentication and the route's schema, so a route with its own text rule answers first. */
function refuseUnstorableText(request: FastifyRequest) {
  const found =
    findUnstorable(request.params, '') ?? findUnstorable(request.query, '') ?? findUnstorable(request.body, '');
  if (found) throw badRequest('invalidCharacters', [found]);
}
