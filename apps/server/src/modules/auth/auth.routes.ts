import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  LoginRequestSchema,
  LoginWithSchoolRequestSchema,
  RecoveryRequestSchema,
  RefreshRequestSchema,
  ResetPasswordRequestSchema,
} from '@openseat/shared/schemas/auth';
import type { AppDeps } from '../../app';
import { principalOf } from '../../plugins/authenticate';
import * as auth from './auth.service';
import { rulesOfRoleName } from './auth.permissions';

export async function authRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const authDeps: auth.AuthDeps = { db: deps.db, secrets: deps.secrets, mailer: deps.mailer, publicUrl: deps.config.publicUrl, log: (m, e) => root.log.warn({ err: e }, m) };
  const loginLimit = { max: deps.loginRateLimitPerMinute, timeWindow: '1 minute' };

  app.post('/auth/login', { config: { public: true, rateLimit: loginLimit }, schema: { tags: ['auth'], body: LoginRequestSchema } }, (req) =>
    auth.login(authDeps, req.body, req.ip),
  );

  app.post('/auth/login-with-school', { config: { signedIn: true, beforeSchoolChoice: true }, schema: { tags: ['auth'], body: LoginWithSchoolRequestSchema } }, (req) =>
    auth.loginWithSchool(authDeps, principalOf(req), req.body.id_user, req.body.id_school, req.ip),
  );

  app.post('/auth/validate-token', { config: { signedIn: true, beforeSchoolChoice: true }, schema: { tags: ['auth'] } }, (req) =>
    auth.describeSession(authDeps, principalOf(req)),
  );

  app.post('/auth/request-new-access-token', { config: { public: true, rateLimit: loginLimit }, schema: { tags: ['auth'], body: RefreshRequestSchema } }, (req) =>
    auth.refresh(authDeps, req.body),
  );

  app.post('/auth/logout', { config: { public: true }, schema: { tags: ['auth'], body: z.object({ refreshToken: z.string().min(1).max(200) }) } }, async (req, reply) => {
    await auth.logout(authDeps, req.body.refreshToken);
    return reply.status(204).send();
  });

  app.get('/auth/permissions', { config: { signedIn: true }, schema: { tags: ['auth'], querystring: z.object({ rolename: z.string().min(1).max(100) }) } }, (req) =>
    rulesOfRoleName(deps.db, principalOf(req), req.query.rolename),
  );

  app.post('/auth/recovery-password', { config: { public: true, rateLimit: loginLimit }, schema: { tags: ['auth'], body: RecoveryRequestSchema } }, async (req) => {
    await auth.requestPasswordRecovery(authDeps, req.body.email, req.lng);
    return { message: translate('recoverySent', req.lng) };
  });

  app.post('/auth/reset-password', { config: { public: true, rateLimit: loginLimit }, schema: { tags: ['auth'], body: ResetPasswordRequestSchema } }, async (req) => {
    await auth.resetPassword(authDeps, req.body);
    return { message: translate('passwordChanged', req.lng) };
  });
}
