import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './lib/mailer';
import type { Secrets } from './lib/secrets';
import { authenticatePluginFp } from './plugins/authenticate';
import { registerErrorHandler } from './plugins/errors';
import { apiModules } from './modules/index';

export type AppDeps = {
  database: Database;
  db: Db;
  config: Config;
  secrets: Secrets;
  mailer: Mailer;
  /** Per IP, on sign-in, refresh and recovery. */
  loginRateLimitPerMinute: number;
};

export type ApiRoute = { method: string; url: string; public: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route, for the route-wide tests (anonymous 401, cross-tenant). */
    apiRoutes: ApiRoute[];
  }
}

export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_LIMIT = 10 * 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.env === 'test' ? false : { level: deps.config.logLevel, redact: ['req.headers.authorization', 'req.body.password'] },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: deps.config.env === 'production',
  });
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api') || r.url.startsWith('/api/docs')) return;
    for (const method of [r.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: r.url, public: Boolean(r.config?.public) });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMIT, files: 5, fields: 50 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'OpenSeat API', version: '0.1.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } }, security: [{ bearer: [] }] },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(authenticatePluginFp, deps);

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api')) reply.header('Cache-Control', 'no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
  });

  await app.register(
    async (api) => {
      api.get('/health', { config: { public: true } }, async () => ({ status: 'ok' }));
      for (const register of apiModules) await register(api, deps);
    },
    { prefix: '/api' },
  );

  await serveWebClient(app);
  return app;
}

function webDistFolder(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/** The built client at `/`, with index.html for every client route; unknown /api paths answer 404 JSON. */
async function serveWebClient(app: FastifyInstance) {
  const dist = webDistFolder();
  if (dist) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || !dist || request.method !== 'GET') {
      return reply.status(404).send({ message: translate('notFound', request.lng), code: 'NOT_FOUND' });
    }
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
