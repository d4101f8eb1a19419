import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../plugins/types';

/** E-mail and SMS templates of a campus (docs/api-templates.md). */
export async function templatesRoutes(_root: FastifyInstance, _deps: AppDeps) {}
