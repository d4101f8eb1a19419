import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import {
  RegistrationChecklistCopySchema,
  RegistrationChecklistQuerySchema,
  RegistrationChecklistRequestSchema,
  RegistrationChecklistSchema,
} from '@openseat/shared/schemas/registration';
import { savedOf } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as checklist from './checklist.service';

/** The registration checklist of a school period, edited with the period's settings (docs/registration.md). */
export async function registrationRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['registration'];
  const edit = { permission: ['enrollment_settings', 'edit'], denied: 'noPermissionPeriodData' } as const;

  app.get(
    '/registration/checklist',
    {
      config: { permission: ['enrollment_settings', 'access'] },
      schema: { tags, querystring: RegistrationChecklistQuerySchema, response: { 200: RegistrationChecklistSchema } },
    },
    (req) => checklist.getChecklist(deps.db, principalOf(req), req.query.id_campus_year),
  );
  app.put(
    '/registration/checklist',
    {
      config: { permission: [...edit.permission], denied: edit.denied },
      schema: {
        tags,
        body: RegistrationChecklistRequestSchema,
        response: { 200: savedOf(RegistrationChecklistSchema) },
      },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await checklist.replaceChecklist(deps.db, principalOf(req), req.body),
    }),
  );
  app.post(
    '/registration/checklist/copy',
    {
      config: { permission: [...edit.permission], denied: edit.denied },
      schema: { tags, body: RegistrationChecklistCopySchema, response: { 200: savedOf(RegistrationChecklistSchema) } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await checklist.copyChecklist(deps.db, principalOf(req), req.body),
    }),
  );
}
