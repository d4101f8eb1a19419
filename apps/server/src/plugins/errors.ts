import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import { AppError } from '../lib/errors';

const statusCodeOf = (error: FastifyError) => (typeof error.statusCode === 'number' ? error.statusCode : 500);

/** One place that turns every failure into `{message, code, errors?}` in the reader's language. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lng = request.lng;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: translate(v.message ?? "invalidValue", lng),
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? translate('badRequest', lng), code: 'VALIDATION', errors });
    }
    if (error instanceof AppError) {
      const errors = error.fieldErrors.map((f) => ({ path: f.path, message: translate(f.message, lng) }));
      return reply.status(error.statusCode).send({ message: translate(error.message, lng), code: error.code, ...(errors.length ? { errors } : {}) });
    }
    const status = statusCodeOf(error);
    if (status === 413) return reply.status(413).send({ message: translate('payloadTooLarge', lng), code: 'PAYLOAD_TOO_LARGE' });
    if (status === 429) return reply.status(429).send({ message: translate('tooManyRequests', lng), code: 'TOO_MANY_REQUESTS' });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: translate('badRequest', lng), code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: translate('internal', lng), code: 'INTERNAL' });
  });
}
