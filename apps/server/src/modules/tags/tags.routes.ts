import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import { TagListQuerySchema, TagRequestSchema, TagRowSchema } from '@openseat/shared/schemas/enrollment';
import { MessageResponseSchema, pageOf, savedOf } from '@openseat/shared/schemas/responses';
import { id } from '@openseat/shared/schemas/rules';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as tagService from './tags.service';

export async function tagsRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['tags'];
  const params = z.object({ id });

  // any signed-in user in scope: application lists filter and label by tags (spec section 5)
  app.get(
    '/tag',
    {
      config: { signedIn: true },
      schema: { tags, querystring: TagListQuerySchema, response: { 200: pageOf(TagRowSchema) } },
    },
    (req) => tagService.listTags(deps.db, principalOf(req), req.query),
  );
  app.get(
    '/tag/:id',
    { config: { signedIn: true }, schema: { tags, params, response: { 200: TagRowSchema } } },
    (req) => tagService.getTag(deps.db, principalOf(req), req.params.id),
  );
  app.post(
    '/tag',
    {
      config: { permission: ['tags_configuration', 'create'] },
      schema: { tags, body: TagRequestSchema, response: { 200: savedOf(TagRowSchema) } },
    },
    async (req) => ({
      message: translate('created', req.lng),
      data: await tagService.createTag(deps.db, principalOf(req), req.body),
    }),
  );
  app.put(
    '/tag/:id',
    {
      config: { permission: ['tags_configuration', 'edit'] },
      schema: { tags, params, body: TagRequestSchema, response: { 200: savedOf(TagRowSchema) } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await tagService.updateTag(deps.db, principalOf(req), req.params.id, req.body),
    }),
  );
  app.delete(
    '/tag/:id',
    {
      config: { permission: ['tags_configuration', 'delete'] },
      schema: { tags, params, response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      await tagService.deleteTag(deps.db, principalOf(req), req.params.id);
      return { message: translate('deleted', req.lng) };
    },
  );
}
