import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  LoginRequestSchema,
  LoginWithSchoolRequestSchema,
  LogoutRequestSchema,
  RecoveryRequestSchema,
  RefreshRequestSchema,
  LoginResponseSchema,
  PermissionRulesSchema,
  ResetPasswordRequestSchema,
  SessionDescriptionSchema,
} from '@openseat/shared/schemas/auth';
import { MessageResponseSchema, noContent } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as auth from './auth.service';
import { rulesOfRoleName } from './auth.permissions';
import { refreshCookie, refreshRateKey } from './auth.cookie';
import { assertSameSite, clearSessionCookie, readSessionCookie, setSessionCookie } from '../../lib/session-cookie';

/**
 * Refreshes allowed per sign-in (token family) and minute: a browser's tabs share it. Real use is one per
 * page load and one per 15 minutes per tab; 120 leaves room for a browser restoring many tabs and for a
 * user reloading every second for a minute.
 */
export const REFRESH_LIMIT_PER_MINUTE = 120;

export async function authRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const authDeps: auth.AuthDeps = {
    db: deps.db,
    secrets: deps.secrets,
    jobs: deps.jobs,
    publicUrl: deps.config.publicUrl,
    log: (m, e) => root.log.warn({ err: e }, m),
  };
  const loginLimit = { max: deps.loginRateLimitPerMinute, timeWindow: '1 minute' };
  // read per request: the public address may be settled after the app is built (tests)
  const cookie = () => refreshCookie(deps.config.publicUrl);
  const refreshLimit = {
    max: REFRESH_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => refreshRateKey(req, cookie()),
  };
  const sameSiteOnly = async (req: FastifyRequest) => assertSameSite(req, deps.config.publicUrl);
  /** The JSON goes in the body, the refresh token only in the HttpOnly cookie. */
  const sendSession = (reply: FastifyReply, session: auth.IssuedSession) => {
    setSessionCookie(reply, cookie(), session.refreshToken, session.refreshExpiresAt);
    return reply.send(session.response);
  };

  app.post(
    '/auth/login',
    {
      config: { public: true, rateLimit: loginLimit },
      schema: { tags: ['auth'], body: LoginRequestSchema, response: { 200: LoginResponseSchema } },
    },
    async (req, reply) => sendSession(reply, await auth.login(authDeps, req.body, req.ip)),
  );

  app.post(
    '/auth/login-with-school',
    {
      config: { signedIn: true, beforeSchoolChoice: true },
      schema: { tags: ['auth'], body: LoginWithSchoolRequestSchema, response: { 200: LoginResponseSchema } },
    },
    async (req, reply) =>
      sendSession(
        reply,
        await auth.loginWithSchool(authDeps, principalOf(req), req.body.id_user, req.body.id_school, req.ip),
      ),
  );

  app.post(
    '/auth/validate-token',
    {
      config: { signedIn: true, beforeSchoolChoice: true },
      schema: { tags: ['auth'], response: { 200: SessionDescriptionSchema } },
    },
    (req) => auth.describeSession(authDeps, principalOf(req)),
  );

  app.post(
    '/auth/request-new-access-token',
    {
      config: { public: true, rateLimit: refreshLimit },
      preHandler: sameSiteOnly,
      schema: { tags: ['auth'], body: RefreshRequestSchema, response: { 200: LoginResponseSchema } },
    },
    async (req, reply) =>
      sendSession(reply, await auth.refresh(authDeps, readSessionCookie(req, cookie()), req.body.id_user)),
  );

  app.post(
    '/auth/logout',
    {
      config: { public: true },
      preHandler: sameSiteOnly,
      schema: {
        tags: ['auth'],
        body: LogoutRequestSchema,
        response: { 204: noContent('Signed out; the refresh cookie is cleared') },
      },
    },
    async (req, reply) => {
      await auth.logout(authDeps, readSessionCookie(req, cookie()), req.body?.everywhere ?? false);
      clearSessionCookie(reply, cookie());
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/permissions',
    {
      config: { signedIn: true },
      schema: {
        tags: ['auth'],
        querystring: z.object({ rolename: z.string().min(1).max(100) }),
        response: { 200: PermissionRulesSchema },
      },
    },
    (req) => rulesOfRoleName(deps.db, principalOf(req), req.query.rolename),
  );

  app.post(
    '/auth/recovery-password',
    {
      config: { public: true, rateLimit: loginLimit },
      schema: { tags: ['auth'], body: RecoveryRequestSchema, response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      await auth.answerRecoveryRequest(authDeps, req.body.email, req.lng);
      return { message: translate('recoverySent', req.lng) };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { public: true, rateLimit: loginLimit },
      schema: { tags: ['auth'], body: ResetPasswordRequestSchema, response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      await auth.resetPassword(authDeps, req.body);
      return { message: translate('passwordChanged', req.lng) };
    },
  );
}
