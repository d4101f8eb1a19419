import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

export type LogStream = { write: (line: string) => void };

/** Fields that never reach a log line, wherever they sit in a logged object (one or two levels down). */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'token',
  'accessToken',
  'refreshToken',
  'dataToken',
  'secret',
  'apiKey',
  'smtpUrl',
];
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** Query parameters whose values are credentials (a reset link opened in the browser is logged as a page). */
const SECRET_QUERY = /^(token|access_token|refresh_token|password|secret|key|code|signature)$/i;

export function urlWithoutSecrets(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const name of [...params.keys()]) if (SECRET_QUERY.test(name)) params.set(name, 'REDACTED');
  return `${url.slice(0, query)}?${params.toString()}`;
}

const requestOf = (req: FastifyRequest) => ({
  method: req.method,
  url: urlWithoutSecrets(req.url),
  remoteAddress: req.ip,
});

/** JSON lines in production (for the log collector), readable lines in development, silence in tests. */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  if (config.env === 'test' && !stream) return false;
  const destination = stream
    ? { stream }
    : config.env === 'development'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {};
  return {
    level: config.logLevel,
    redact: { paths: REDACTED, censor: '[redacted]' },
    serializers: {
      req: requestOf,
    },
    ...destination,
  };
}

/**
 * One line per request, when it is answered: what was asked (method, the url without secrets, the client's address),
 * the status, the time it took and who asked (user and school; the request id is on every line). Fastify's own pair
 * (a line as a request comes, another as it ends) was the largest fixed cost of a request after the database; the
 * first stays, at `debug`, to follow a request that never ends. Fastify's other lines (errors) are unchanged.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const principal = request.principal;
    const line = {
      req: request,
      res: reply,
      responseTime: reply.elapsedTime,
      ...(principal ? { id_user: principal.id_user, id_school: principal.scope.id_school } : {}),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
