import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import {
  RetentionPreviewSchema,
  RetentionQuerySchema,
  RetentionRunRequestSchema,
  RetentionRunSchema,
  RetentionRunsSchema,
  RetentionSettingsRequestSchema,
  RetentionSettingsSchema,
} from '@openseat/shared/schemas/retention';
import { savedOf } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as retention from './retention.service';

/**
 * A school's retention policy (docs/privacy.md, "Retention"): the setting, the preview of what goes, "run now" and
 * the runs. A school-wide setting: the school's configuration permission, with every campus in reach.
 */
export async function retentionRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['retention'];
  const permission = ['school', 'tab_configuration'] as const;

  app.get(
    '/retention/settings',
    {
      config: { permission: [...permission] },
      schema: { tags, querystring: RetentionQuerySchema, response: { 200: RetentionSettingsSchema } },
    },
    (req) => retention.getSettings(deps.db, principalOf(req), req.query.id_school),
  );
  app.put(
    '/retention/settings',
    {
      config: { permission: [...permission], denied: 'noPermissionSchoolData' },
      schema: { tags, body: RetentionSettingsRequestSchema, response: { 200: savedOf(RetentionSettingsSchema) } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await retention.updateSettings(deps.db, principalOf(req), req.body),
    }),
  );
  app.get(
    '/retention/preview',
    {
      config: { permission: [...permission] },
      schema: {
        tags,
        description: 'What a run would anonymise now, per school year and campus: the run applies the same query',
        querystring: RetentionQuerySchema,
        response: { 200: RetentionPreviewSchema },
      },
    },
    (req) => retention.preview(deps.db, principalOf(req), req.query.id_school),
  );
  app.get(
    '/retention/runs',
    {
      config: { permission: [...permission] },
      schema: { tags, querystring: RetentionQuerySchema, response: { 200: RetentionRunsSchema } },
    },
    (req) => retention.listRuns(deps.db, principalOf(req), req.query.id_school),
  );
  app.post(
    '/retention/runs',
    {
      config: { permission: [...permission], denied: 'noPermissionSchoolData' },
      schema: {
        tags,
        description: 'Applies the policy now (a background job; 400 while it is off, 409 while a run is under way)',
        body: RetentionRunRequestSchema,
        response: { 200: savedOf(RetentionRunSchema) },
      },
    },
    async (req) => ({
      message: translate('retentionQueued', req.lng),
      data: await retention.requestRun(deps.db, deps.jobs, principalOf(req), req.body.id_school),
    }),
  );
}
