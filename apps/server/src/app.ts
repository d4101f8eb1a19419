import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { z } from 'zod';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { databaseRateLimitStore } from './lib/rate-limit-store';
import { loggerOptions, RequestLog, type LogStream } from './lib/logger';
import { responseSerializerCompiler } from './lib/response-serializer';
import { authenticatePluginFp } from './plugins/authenticate';
import { idempotencyPluginFp } from './plugins/idempotency';
import type { RecordAccessKind } from '@openseat/shared/schemas/record-access';
import type { AppDeps } from './plugins/types';
import { registerErrorHandler } from './plugins/errors';
import { registerCompression, serveWebClient, webDistFolder } from './plugins/web-client';
import { apiModules } from './modules/index';
import { installMoveEffects } from './modules/move-effects';

export type ApiRoute = { method: string; url: string; public: boolean; recordRead: RecordAccessKind | null };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route, for the route-wide tests (anonymous 401, cross-tenant). */
    apiRoutes: ApiRoute[];
  }
}

export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_LIMIT = 10 * 1024 * 1024;

export type { LogStream };
export type BuildOptions = {
  logStream?: LogStream;
  /** The built web client's folder; apps/web/dist when it was built, null for the API alone. */
  webDist?: string | null;
};

/** The app and its job workers (started here, stopped when the app closes, before the database is). */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  installMoveEffects();
  const app = Fastify({
    logger: loggerOptions(deps.config, options.logStream),
    logController: new RequestLog(),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(deps.config.trustProxy),
  });
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api') || r.url.startsWith('/api/docs')) return;
    for (const method of [r.method].flat())
      if (method !== 'HEAD')
        apiRoutes.push({
          method,
          url: r.url,
          public: Boolean(r.config?.public),
          recordRead: r.config?.recordRead ?? null,
        });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: deps.config.env === 'test' }));
  registerErrorHandler(app);

  await app.register(fastifyHelmet, helmetOptions(deps.config));
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(deps.db) });
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMIT, files: 5, fields: 50 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'OpenSeat API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(authenticatePluginFp, deps);
  await app.register(idempotencyPluginFp, deps);
  // after idempotency: its onSend keeps the answer as written, compression then encodes what leaves
  await registerCompression(app);

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api')) reply.header('Cache-Control', 'no-store');
  });

  await app.register(
    async (api) => {
      const health = { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } };
      api.get('/health', { config: { public: true }, schema: health }, async () => ({ status: 'ok' as const }));
      for (const register of apiModules) await register(api, deps);
    },
    { prefix: '/api' },
  );

  await serveWebClient(app, options.webDist === undefined ? webDistFolder() : options.webDist);

  await deps.jobs.start({
    // jobs run as the tables' owner, outside row-level security: the outbox and retention span schools
    db: deps.database.db,
    config: deps.config,
    mailer: deps.mailer,
    secrets: deps.secrets,
    log: app.log.child({ jobs: true }),
    jobs: deps.jobs,
  });
  app.addHook('onClose', () => deps.jobs.stop());
  return app;
}

/**
 * Fastify treats a bare hop count as "trust nothing" (it cannot check the nearest peer), so hops become the
 * classic rule: the nearest `hops` addresses are proxies. Right only where clients cannot bypass the proxies.
 */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Every answer: a CSP of this origin only (the client and the API docs load nothing from elsewhere and run no
 * inline script), no framing, nosniff, no referrer; HSTS and upgrade-insecure-requests only behind https.
 */
function helmetOptions(config: Config) {
  const https = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // MUI (Emotion) and Swagger UI put style elements in the page: styles only, never script
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'no-referrer' as const },
  };
}
