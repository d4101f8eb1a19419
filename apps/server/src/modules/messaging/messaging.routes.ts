import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  CommunicationEntrySchema,
  CommunicationQuerySchema,
  FailedMessagesFilterSchema,
  FailedMessagesSchema,
  MessageBatchSchema,
  OutboxEntrySchema,
  OutboxQuerySchema,
  ResendFormRequestSchema,
  ResendFailedResultSchema,
  ResendRequestSchema,
  SendEmailRequestSchema,
  SendMultipleRequestSchema,
} from '@openseat/shared/schemas/communication';
import { SmsConsentChangeSchema, SmsConsentSchema } from '@openseat/shared/schemas/sms-consent';
import { MessageResponseSchema, pageOf, savedOf } from '@openseat/shared/schemas/responses';
import { id } from '@openseat/shared/schemas/rules';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as messaging from './messaging.service';
import { unsubscribedPage, unsubscribeQuestionPage } from './opt-outs.presenter';
import * as optOuts from './opt-outs.service';
import * as resendFailed from './resend-failed.service';
import * as smsConsent from './sms-consent.service';

/** A text answer that is not JSON (an HTML page, TwiML): documented as a string, sent as it is. */
const textResponse = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.unknown().meta({ type: 'string' }) } },
});

/** A provider's form post (Twilio, a one-click unsubscribe): its fields as strings. */
const FormBodySchema = z.record(z.string(), z.unknown()).nullish();

/** Manual sending, the communication log, opt-outs and provider callbacks (docs/api-messaging.md). */
export async function messagingRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['messaging'];
  const idempotencyKey = (req: FastifyRequest) => {
    const header = req.headers['idempotency-key'];
    return typeof header === 'string' && header.trim() ? header.trim() : undefined;
  };

  const ApplicationIdSchema = z.object({ id });
  app.get(
    '/application/:id/sms-consent',
    {
      config: { permission: ['application', 'access'] },
      schema: {
        tags,
        description:
          "Consent to texts of the phone the application's texts go to (the guardian's, else the applicant's): " +
          "whether texts may go, and its history, newest first. 404 outside the caller's scope",
        params: ApplicationIdSchema,
        response: { 200: SmsConsentSchema },
      },
    },
    (req) => smsConsent.applicationSmsConsent(deps.db, principalOf(req), req.params.id),
  );
  app.post(
    '/application/:id/sms-consent',
    {
      config: { permission: ['application', 'edit_info'] },
      schema: {
        tags,
        description:
          'Staff record that the family gave consent to texts (the note says where it came from: required) or ' +
          'withdrew it. Audited',
        params: ApplicationIdSchema,
        body: SmsConsentChangeSchema,
        response: { 200: SmsConsentSchema },
      },
    },
    (req) => smsConsent.recordApplicationSmsConsent(deps.db, principalOf(req), req.params.id, req.body),
  );

  for (const url of ['/email/send', '/application/send'])
    app.post(
      url,
      {
        config: { permission: ['application', 'send_custom_email'] },
        schema: { tags, body: SendEmailRequestSchema, response: { 200: MessageResponseSchema } },
      },
      async (req) => {
        const caller = principalOf(req);
        await messaging.sendEmail(deps, caller, req.body, messaging.manualKey(caller, url, idempotencyKey(req)));
        return { message: translate('messageQueued', req.lng) };
      },
    );

  // the applications list's permission, or the declined list's for list 'declined': checked by the service
  app.post(
    '/email/send-multiple',
    {
      config: { signedIn: true },
      schema: { tags, body: SendMultipleRequestSchema, response: { 200: savedOf(MessageBatchSchema) } },
    },
    async (req) => {
      const caller = principalOf(req);
      const key = messaging.manualKey(caller, '/email/send-multiple', idempotencyKey(req));
      const batch = await messaging.sendMultiple(deps, caller, req.body, key);
      const message = translate('messagesQueued', req.lng, {
        queued: batch.total - batch.skipped,
        skipped: batch.requested - batch.total + batch.skipped,
      });
      return { message, data: batch };
    },
  );

  app.get(
    '/email/batch/:id',
    {
      config: { signedIn: true },
      schema: { tags, params: z.object({ id }), response: { 200: MessageBatchSchema } },
    },
    (req) => messaging.getBatch(deps.db, principalOf(req), req.params.id),
  );

  app.post(
    '/email/resend',
    {
      config: { permission: ['application', 'resend_email'] },
      schema: { tags, body: ResendRequestSchema, response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      await messaging.resend(deps, principalOf(req), req.body.id_message);
      return { message: translate('resent', req.lng) };
    },
  );

  // messages that failed after all their tries, sent again in bulk (a provider's outage): the count, then the resend
  app.get(
    '/communication/failed',
    {
      config: { permission: ['application', 'resend_email'] },
      schema: { tags, querystring: FailedMessagesFilterSchema, response: { 200: FailedMessagesSchema } },
    },
    (req) => resendFailed.failedMessages(deps.db, principalOf(req), req.query),
  );
  app.post(
    '/communication/resend-failed',
    {
      config: { permission: ['application', 'resend_email'] },
      schema: { tags, body: FailedMessagesFilterSchema, response: { 200: savedOf(ResendFailedResultSchema) } },
    },
    async (req) => {
      const result = await resendFailed.resendFailed(deps, principalOf(req), req.body);
      const message = translate('failedResent', req.lng, { resent: result.resent, remaining: result.remaining });
      return { message, data: result };
    },
  );

  app.post(
    '/application/resend-form',
    {
      config: { permission: ['application', 'resend_email'] },
      schema: { tags, body: ResendFormRequestSchema, response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      await messaging.resendForm(deps, principalOf(req), req.body.id_application);
      return { message: translate('messageQueued', req.lng) };
    },
  );

  app.get(
    '/communication',
    {
      config: { permission: ['application', 'access'] },
      schema: { tags, querystring: CommunicationQuerySchema, response: { 200: pageOf(CommunicationEntrySchema) } },
    },
    (req) => messaging.communicationLog(deps.db, principalOf(req), req.query),
  );

  app.get(
    '/communication/outbox',
    {
      config: { permission: ['captured_mail', 'access'] },
      schema: { tags, querystring: OutboxQuerySchema, response: { 200: pageOf(OutboxEntrySchema) } },
    },
    (req) => messaging.outbox(deps.db, principalOf(req), req.query),
  );

  // public routes that take provider form posts: their own context, so the form parser stays theirs
  await root.register(async (scope) => {
    const open = scope.withTypeProvider<ZodTypeProvider>();
    open.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const token = z.object({ token: z.string().max(2000) });

    open.get(
      '/unsubscribe/:token',
      {
        config: { public: true },
        schema: { tags, params: token, response: { 200: textResponse('text/html', 'The confirmation page') } },
      },
      async (req, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .send(unsubscribeQuestionPage(optOuts.unsubscribeAddress(deps, req.params.token), req.lng)),
    );
    open.post(
      '/unsubscribe/:token',
      {
        config: { public: true },
        schema: {
          tags,
          params: token,
          body: FormBodySchema,
          response: { 200: textResponse('text/html', 'The opt-out is recorded') },
        },
      },
      async (req, reply) => {
        await optOuts.unsubscribe(deps, req.params.token);
        return reply.type('text/html; charset=utf-8').send(unsubscribedPage(req.lng));
      },
    );

    const signature = (req: FastifyRequest) => {
      const header = req.headers['x-twilio-signature'];
      return typeof header === 'string' ? header : undefined;
    };
    open.post(
      '/webhooks/twilio/status',
      {
        config: { public: true },
        schema: { tags, body: FormBodySchema, response: { 200: textResponse('text/xml', 'Empty TwiML') } },
      },
      async (req, reply) => {
        await optOuts.twilioStatus(deps, req.body, signature(req));
        return reply.type('text/xml').send('<Response/>');
      },
    );
    open.post(
      '/webhooks/twilio/inbound',
      {
        config: { public: true },
        schema: { tags, body: FormBodySchema, response: { 200: textResponse('text/xml', 'Empty TwiML') } },
      },
      async (req, reply) => {
        await optOuts.twilioInbound(deps, req.body, signature(req));
        return reply.type('text/xml').send('<Response/>');
      },
    );
  });
}
