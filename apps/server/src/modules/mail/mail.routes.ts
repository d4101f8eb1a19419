import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CapturedSmsSchema } from '@openseat/shared/schemas/communication';
import { CapturedMailSchema, CapturedMailSummarySchema } from '@openseat/shared/schemas/mail';
import { PageQuerySchema } from '@openseat/shared/schemas/pagination';
import { pageOf } from '@openseat/shared/schemas/responses';
import { id } from '@openseat/shared/schemas/rules';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as mail from './mail.service';

/**
 * Mail and SMS kept by the capture transports (embedded default, no SMTP, no Twilio account): SuperAdmin only, never
 * in production.
 */
export async function mailRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { permission: ['captured_mail', 'access'] as const };
  const tags = ['mail'];

  app.get(
    '/mail/captured',
    {
      config,
      schema: {
        tags,
        querystring: PageQuerySchema,
        response: { 200: pageOf(CapturedMailSummarySchema).describe('One page of captured mail, newest first') },
      },
    },
    (req) => mail.listCapturedMail(deps.db, deps.config.env, principalOf(req), req.query.page, req.query.pageSize),
  );

  app.get(
    '/mail/captured/:id',
    {
      config,
      schema: {
        tags,
        params: z.object({ id }),
        response: { 200: CapturedMailSchema.describe('One captured mail with its text and HTML') },
      },
    },
    (req) => mail.getCapturedMail(deps.db, deps.config.env, principalOf(req), req.params.id),
  );

  app.get(
    '/mail/captured-sms',
    { config, schema: { tags, querystring: PageQuerySchema, response: { 200: pageOf(CapturedSmsSchema) } } },
    (req) => mail.listCapturedSms(deps.db, deps.config.env, principalOf(req), req.query.page, req.query.pageSize),
  );

  app.get(
    '/mail/captured-sms/:id',
    {
      config,
      schema: { tags, params: z.object({ id }), response: { 200: CapturedSmsSchema.describe('One captured SMS') } },
    },
    (req) => mail.getCapturedSms(deps.db, deps.config.env, principalOf(req), req.params.id),
  );
}
