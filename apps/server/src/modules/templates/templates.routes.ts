import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  CampusEmailRowSchema,
  CampusTextMessageRowSchema,
  EmailTemplateRequestSchema,
  TemplateListQuerySchema,
  TemplatePreviewRequestSchema,
  TemplatePreviewSchema,
  TextMessageTemplateRequestSchema,
} from '@openseat/shared/schemas/communication';
import { MessageResponseSchema, pageOf, savedOf } from '@openseat/shared/schemas/responses';
import { id } from '@openseat/shared/schemas/rules';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as templates from './templates.service';

/** E-mail and SMS templates of a campus (docs/api-templates.md). The campus tab's permission manages them. */
export async function templatesRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];
  const params = z.object({ id });
  const emails = { permission: ['school_campus', 'tab_emails'] as const };
  const sms = { permission: ['school_campus', 'tab_sms'] as const };

  // ---- e-mail ----
  app.get(
    '/email/campus/all',
    {
      config: emails,
      schema: { tags, querystring: TemplateListQuerySchema, response: { 200: pageOf(CampusEmailRowSchema) } },
    },
    (req) => templates.listEmails(deps.db, principalOf(req), req.query),
  );
  app.post(
    '/email/campus/preview',
    {
      config: emails,
      schema: { tags, body: TemplatePreviewRequestSchema, response: { 200: TemplatePreviewSchema } },
    },
    (req) => templates.preview(deps.db, principalOf(req), req.body, 'email', deps.config.publicUrl),
  );
  app.get(
    '/email/campus/:id',
    { config: emails, schema: { tags, params, response: { 200: CampusEmailRowSchema } } },
    (req) => templates.getEmail(deps.db, principalOf(req), req.params.id),
  );
  app.post(
    '/email/campus',
    {
      config: emails,
      schema: { tags, body: EmailTemplateRequestSchema, response: { 200: savedOf(CampusEmailRowSchema) } },
    },
    async (req) => ({
      message: translate('created', req.lng),
      data: await templates.createEmail(deps.db, principalOf(req), req.body),
    }),
  );
  app.put(
    '/email/campus/:id',
    {
      config: emails,
      schema: { tags, params, body: EmailTemplateRequestSchema, response: { 200: savedOf(CampusEmailRowSchema) } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await templates.updateEmail(deps.db, principalOf(req), req.params.id, req.body),
    }),
  );
  app.delete(
    '/email/campus/:id',
    { config: emails, schema: { tags, params, response: { 200: MessageResponseSchema } } },
    async (req) => {
      await templates.deleteEmail(deps.db, principalOf(req), req.params.id);
      return { message: translate('deleted', req.lng) };
    },
  );

  // ---- SMS ----
  app.get(
    '/sms/campus/all/:id',
    {
      config: sms,
      schema: {
        tags,
        params,
        querystring: TemplateListQuerySchema.omit({ id_campus: true }),
        response: { 200: pageOf(CampusTextMessageRowSchema) },
      },
    },
    (req) => templates.listSms(deps.db, principalOf(req), req.params.id, req.query),
  );
  app.post(
    '/sms/campus/preview',
    {
      config: sms,
      schema: { tags, body: TemplatePreviewRequestSchema, response: { 200: TemplatePreviewSchema } },
    },
    (req) => templates.preview(deps.db, principalOf(req), req.body, 'sms', deps.config.publicUrl),
  );
  app.get(
    '/sms/campus/:id',
    { config: sms, schema: { tags, params, response: { 200: CampusTextMessageRowSchema } } },
    (req) => templates.getSms(deps.db, principalOf(req), req.params.id),
  );
  app.post(
    '/sms/campus',
    {
      config: sms,
      schema: {
        tags,
        body: TextMessageTemplateRequestSchema,
        response: { 200: savedOf(CampusTextMessageRowSchema) },
      },
    },
    async (req) => ({
      message: translate('created', req.lng),
      data: await templates.createSms(deps.db, principalOf(req), req.body),
    }),
  );
  app.put(
    '/sms/campus/:id',
    {
      config: sms,
      schema: {
        tags,
        params,
        body: TextMessageTemplateRequestSchema,
        response: { 200: savedOf(CampusTextMessageRowSchema) },
      },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await templates.updateSms(deps.db, principalOf(req), req.params.id, req.body),
    }),
  );
  app.delete(
    '/sms/campus/:id',
    { config: sms, schema: { tags, params, response: { 200: MessageResponseSchema } } },
    async (req) => {
      await templates.deleteSms(deps.db, principalOf(req), req.params.id);
      return { message: translate('deleted', req.lng) };
    },
  );
}
