import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import {
  AdsEventRowSchema,
  AdsSettingsQuerySchema,
  AdsSettingsRequestSchema,
  AdsSettingsSchema,
} from '@openseat/shared/schemas/ads-conversions';
import { listOf, savedOf } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as ads from './ads-conversions.service';

/** A school's conversion events to the ads platforms: the opt-in and its basis, and the log (docs/ads-conversions.md). */
export async function adsConversionsRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['ads-conversions'];
  const permission = ['school', 'tab_configuration'] as const;

  app.get(
    '/ads-conversions/settings',
    {
      config: { permission: [...permission] },
      schema: { tags, querystring: AdsSettingsQuerySchema, response: { 200: AdsSettingsSchema } },
    },
    (req) => ads.getSettings(deps.db, principalOf(req), req.query.id_school),
  );
  app.put(
    '/ads-conversions/settings',
    {
      config: { permission: [...permission], denied: 'noPermissionSchoolData' },
      schema: { tags, body: AdsSettingsRequestSchema, response: { 200: savedOf(AdsSettingsSchema) } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await ads.updateSettings(deps.db, principalOf(req), req.body),
    }),
  );
  app.get(
    '/ads-conversions/events',
    {
      config: { permission: [...permission] },
      schema: {
        tags,
        querystring: AdsSettingsQuerySchema,
        response: { 200: listOf(AdsEventRowSchema, "The school's 20 most recent conversion events, newest first") },
      },
    },
    (req) => ads.recentEvents(deps.db, principalOf(req), req.query.id_school),
  );
}
