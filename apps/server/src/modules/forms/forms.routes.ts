import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORM_PROVIDER } from '@openseat/shared/constants';
import { translate } from '@openseat/shared/messages';
import {
  CampusFormQuerySchema,
  CampusFormRequestSchema,
  CampusFormRowSchema,
  FormSecretSchema,
  SubmissionCsvRequestSchema,
  SubmissionCsvSchema,
  SubmissionListQuerySchema,
  SubmissionRowSchema,
  WebhookAnswerSchema,
} from '@openseat/shared/schemas/communication';
import { listOf, MessageResponseSchema, pageOf, savedOf } from '@openseat/shared/schemas/responses';
import { id } from '@openseat/shared/schemas/rules';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import { receiveDelivery, type IntakeDeps } from './forms.intake';
import { presentSubmission } from './forms.presenter';
import * as forms from './forms.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as received (the webhooks verify their signature over them). */
    rawBody?: Buffer;
  }
}

/** Deliveries per minute and address: a provider's burst after an outage fits, a flood does not. */
export const WEBHOOK_LIMIT_PER_MINUTE = 600;

/** Forms of a campus, their webhooks and submissions (docs/api-forms.md). */
export async function formsRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['forms'];
  const params = z.object({ id });
  const permission = ['school_campus', 'tab_forms'] as const;
  const formDeps: forms.FormDeps = {
    db: deps.db,
    // read per request: the public address may be settled after the app is built (tests)
    publicUrl: () => deps.config.publicUrl,
    encryptionKey: deps.secrets.encryptionKey,
  };

  app.get(
    '/campus-form',
    {
      config: { permission },
      schema: { tags, querystring: CampusFormQuerySchema, response: { 200: listOf(CampusFormRowSchema, 'The forms') } },
    },
    (req) => forms.listForms(formDeps, principalOf(req), req.query.id_campus, req.query.id_campus_year),
  );
  app.get(
    '/campus-form/submissions',
    {
      config: { permission },
      schema: { tags, querystring: SubmissionListQuerySchema, response: { 200: pageOf(SubmissionRowSchema) } },
    },
    async (req) => {
      const { data, ...page } = await forms.listSubmissions(deps.db, principalOf(req), req.query);
      return { data: data.map((r) => presentSubmission(r, req.lng)), ...page };
    },
  );
  app.get(
    '/campus-form/:id',
    { config: { permission }, schema: { tags, params, response: { 200: CampusFormRowSchema } } },
    (req) => forms.getForm(formDeps, principalOf(req), req.params.id),
  );
  app.post(
    '/campus-form',
    {
      config: { permission },
      schema: { tags, body: CampusFormRequestSchema, response: { 200: savedOf(CampusFormRowSchema) } },
    },
    async (req) => ({
      message: translate('created', req.lng),
      data: await forms.createForm(formDeps, principalOf(req), req.body),
    }),
  );
  app.put(
    '/campus-form/:id',
    {
      config: { permission },
      schema: { tags, params, body: CampusFormRequestSchema, response: { 200: savedOf(CampusFormRowSchema) } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await forms.updateForm(formDeps, principalOf(req), req.params.id, req.body),
    }),
  );
  app.delete(
    '/campus-form/:id',
    { config: { permission }, schema: { tags, params, response: { 200: MessageResponseSchema } } },
    async (req) => {
      await forms.deleteForm(formDeps, principalOf(req), req.params.id);
      return { message: translate('deleted', req.lng) };
    },
  );
  app.post(
    '/campus-form/:id/secret',
    {
      config: { permission },
      schema: {
        tags,
        params,
        body: z.object({}).describe('Nothing: a new random secret replaces the old one'),
        response: { 200: savedOf(FormSecretSchema) },
      },
    },
    async (req) => ({
      message: translate('secretGenerated', req.lng),
      data: await forms.newSecret(formDeps, principalOf(req), req.params.id),
    }),
  );

  app.get(
    '/application/:id/submissions',
    {
      config: { permission: ['application', 'access'] },
      schema: { tags, params, response: { 200: listOf(SubmissionRowSchema, 'The deliveries, oldest first') } },
    },
    async (req) =>
      (await forms.submissionsOfApplication(deps.db, principalOf(req), req.params.id)).map((r) =>
        presentSubmission(r, req.lng),
      ),
  );
  app.post(
    '/application/submission-to-csv',
    {
      config: { permission: ['applications', 'export_csv'] },
      schema: { tags, body: SubmissionCsvRequestSchema, response: { 200: SubmissionCsvSchema } },
    },
    (req) => forms.submissionsCsv(deps.db, principalOf(req), req.body),
  );

  await root.register(async (hooks) => webhookRoutes(hooks, deps));
}

/**
 * The providers' deliveries: public, signed. In their own encapsulated context, whose JSON parser keeps the raw
 * bytes (the signature is over them) and parses them for the body.
 */
async function webhookRoutes(root: FastifyInstance, deps: AppDeps) {
  root.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const raw = body as Buffer;
    req.rawBody = raw;
    try {
      done(null, raw.length ? JSON.parse(raw.toString('utf8')) : {});
    } catch {
      done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
    }
  });
  const app = root.withTypeProvider<ZodTypeProvider>();
  const intake: IntakeDeps = { db: deps.db, jobs: deps.jobs, encryptionKey: deps.secrets.encryptionKey };
  const schema = {
    tags: ['forms'],
    params: z.object({ id }),
    body: z.record(z.string(), z.unknown()).describe('The provider’s delivery, as sent (signed over its raw bytes)'),
    response: { 200: WebhookAnswerSchema },
  };
  const config = { public: true, rateLimit: { max: WEBHOOK_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };

  app.post('/webhooks/typeform/:id', { config, schema }, (req) =>
    receiveDelivery(
      intake,
      FORM_PROVIDER.TYPEFORM,
      req.params.id,
      req.rawBody ?? Buffer.alloc(0),
      req.body,
      req.headers['typeform-signature'] as string | undefined,
    ),
  );
  app.post('/webhooks/google-forms/:id', { config, schema }, (req) =>
    receiveDelivery(
      intake,
      FORM_PROVIDER.GOOGLE_FORMS,
      req.params.id,
      req.rawBody ?? Buffer.alloc(0),
      req.body,
      req.headers['x-openseat-signature'] as string | undefined,
    ),
  );
}
