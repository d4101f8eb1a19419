import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { READS_NO_SCHOOL, scopeDatabaseTo, withDatabaseScope } from '../lib/database-scope';
import { forbidden, unauthorized } from '../lib/errors';
import type { Principal } from '../modules/auth/auth.types';
import { authenticate } from '../modules/auth/auth.service';
import type { AppDeps } from './types';
import './types';

const languageOf = (header: string | undefined): 'en' | 'es' =>
  header?.trim().toLowerCase().startsWith('es') ? 'es' : 'en';

/**
 * Every /api route is closed unless it says otherwise: it must declare `public`, `signedIn` or a
 * `permission`, checked here before the handler runs. Scope (school/campus) is applied by repositories.
 */
async function authenticatePlugin(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest('principal', null);
  app.decorateRequest('lng', 'en');

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const c = route.config ?? {};
    if (!c.public && !c.signedIn && !c.permission)
      throw new Error(`route ${route.method} ${route.url} declares no access rule`);
  });

  // each request has its own database scope: every school until its caller is known (public routes keep it; the
  // tenant they act for is the one their token or signature proves, checked by their services)
  app.addHook('onRequest', (_request, _reply, done) => withDatabaseScope(done));
  app.addHook('onRequest', async (request) => {
    request.lng = languageOf(request.headers['accept-language']);
  });

  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config;
    if (
      !request.url.startsWith('/api') ||
      request.url.startsWith('/api/docs') ||
      config.public ||
      !request.routeOptions.url
    )
      return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    if (!token) throw unauthorized();
    // the sign-in check reads no school's rows: its session keeps the scope it served last (no switch and back)
    const principal = await withDatabaseScope(() => authenticate(deps, token), READS_NO_SCHOOL);
    if (principal.needsSchoolChoice && !config.beforeSchoolChoice) throw forbidden();
    if (config.permission && !principal.ability.can(config.permission[1], config.permission[0])) {
      request.log.warn({ id_user: principal.id_user, permission: config.permission }, 'permission refused');
      throw forbidden(config.denied);
    }
    request.principal = principal;
    scopeDatabaseTo(principal.scope.id_school);
  });
}

export const authenticatePluginFp = fp(authenticatePlugin, { name: 'authenticate' });

/** The caller of a route that is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
