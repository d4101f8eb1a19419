import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../plugins/types';

/** Manual sending, the communication log, opt-outs and provider callbacks (docs/api-messaging.md). */
export async function messagingRoutes(_root: FastifyInstance, _deps: AppDeps) {}
