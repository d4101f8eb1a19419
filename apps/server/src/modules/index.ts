import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { authRoutes } from './auth/auth.routes';

/** Every feature's routes, registered under /api. */
export const apiModules: Array<(app: FastifyInstance, deps: AppDeps) => Promise<void>> = [authRoutes];
