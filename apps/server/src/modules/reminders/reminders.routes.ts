import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../plugins/types';

/** Reminders of a campus (docs/api-reminders.md). */
export async function remindersRoutes(_root: FastifyInstance, _deps: AppDeps) {}
