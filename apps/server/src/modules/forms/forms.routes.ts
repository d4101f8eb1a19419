import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../plugins/types';

/** Forms of a campus, their webhooks and submissions (docs/api-forms.md). */
export async function formsRoutes(_root: FastifyInstance, _deps: AppDeps) {}
