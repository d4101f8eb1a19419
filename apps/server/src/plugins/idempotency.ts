import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sha256 } from '../lib/crypto';
import { badRequest, conflict, unprocessable } from '../lib/errors';
import * as repo from './idempotency.repository';
import type { AppDeps } from './types';

declare module 'fastify' {
  interface FastifyRequest {
    /** The hashed Idempotency-Key this request holds while it runs (its answer is stored for repeats). */
    idempotencyKey: string | null;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long an answer is replayed: a client's own retry comes within seconds; student data is not kept longer. */
export const IDEMPOTENCY_LIFETIME_MS = 60 * 60 * 1000;
/** How long a repeat waits for the first request to answer before it is told 409. */
export const IDEMPOTENCY_WAIT_MS = 10_000;
const POLL_MS = 25;
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The request as the key promises it: method, path and JSON body (an upload is compared by method and path). */
function requestHashOf(request: FastifyRequest) {
  const multipart = request.headers['content-type']?.startsWith('multipart/') ?? false;
  const body = multipart ? 'multipart' : JSON.stringify(request.body ?? null);
  return sha256(`${request.method} ${request.url}\n${body}`);
}

function replay(
  reply: FastifyReply,
  answer: { statusCode: number | null; contentType: string | null; body: string | null },
) {
  return reply
    .code(answer.statusCode ?? 200)
    .header('content-type', answer.contentType ?? 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(answer.body ?? '');
}

/**
 * `Idempotency-Key` on any signed-in write (docs/api-foundation.md): the first request with a key runs and its
 * successful answer is stored for an hour; a repeat with the same key and the same request gets that answer again
 * without running; the same key with another request is 422. A repeat that comes while the first still runs waits
 * for its answer (up to IDEMPOTENCY_WAIT_MS, then 409). A failed first request leaves nothing: a repeat runs afresh.
 * Keys are per user and school, so two callers never share one.
 */
async function idempotencyPlugin(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const principal = request.principal;
    if (header === undefined || !principal || !WRITES.has(request.method)) return;
    if (typeof header !== 'string' || !KEY.test(header))
      throw badRequest('invalidValue', [{ path: 'Idempotency-Key', message: 'invalidValue' }]);
    const key = sha256(`${principal.id_user}:${principal.scope.id_school ?? ''}:${header}`);
    const requestHash = requestHashOf(request);
    const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
    const claim = { key, id_user: principal.id_user, requestHash, lifetimeMs: IDEMPOTENCY_LIFETIME_MS };
    for (;;) {
      if (await repo.claimKey(deps.db, claim)) {
        request.idempotencyKey = key;
        return;
      }
      const found = await repo.findKey(deps.db, key);
      if (found) {
        if (found.requestHash !== requestHash) throw unprocessable('idempotencyKeyReused');
        if (found.state === 'done') return replay(reply, found);
        if (found.abandoned && (await repo.takeOverAbandoned(deps.db, key))) {
          request.idempotencyKey = key;
          return;
        }
      }
      if (Date.now() > deadline) throw conflict('idempotencyInProgress');
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (key === null) return payload;
    request.idempotencyKey = null;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    if (ok && typeof payload === 'string') {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      await repo.completeKey(deps.db, key, { statusCode: reply.statusCode, contentType, body: payload });
    } else await repo.releaseKey(deps.db, key);
    return payload;
  });
}

export const idempotencyPluginFp = fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['authenticate'] });
