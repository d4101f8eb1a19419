import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import {
  ApplicationTagBulkResultSchema,
  ApplicationTagBulkSchema,
  ApplicationTagRequestSchema,
  ApplicationTagsSchema,
} from '@openseat/shared/schemas/application-records';
import { savedOf } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../plugins/types';
import { translateRefusals } from '../../lib/refusals';
import { principalOf } from '../../plugins/authenticate';
import * as applicationTags from './application-tags.service';

export async function applicationTagsRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['application records'];
  app.post(
    '/application-tag',
    {
      config: { permission: ['application', 'manage_tags'] },
      schema: { tags, body: ApplicationTagRequestSchema, response: { 200: savedOf(ApplicationTagsSchema) } },
    },
    async (req) => ({
      message: translate('tagAdded', req.lng),
      data: await applicationTags.setTag(deps.db, principalOf(req), req.body, true),
    }),
  );
  app.delete(
    '/application-tag',
    {
      config: { permission: ['application', 'manage_tags'] },
      schema: { tags, querystring: ApplicationTagRequestSchema, response: { 200: savedOf(ApplicationTagsSchema) } },
    },
    async (req) => ({
      message: translate('tagRemoved', req.lng),
      data: await applicationTags.setTag(deps.db, principalOf(req), req.query, false),
    }),
  );
  app.post(
    '/application-tag/multiple',
    {
      config: { permission: ['applications', 'manage_tags'] },
      schema: { tags, body: ApplicationTagBulkSchema, response: { 200: ApplicationTagBulkResultSchema } },
    },
    async (req) => {
      const { refused, ...tagged } = await applicationTags.tagMany(deps.db, principalOf(req), req.body);
      return { message: translate('tagsAdded', req.lng), ...tagged, refused: translateRefusals(refused, req.lng) };
    },
  );
}
