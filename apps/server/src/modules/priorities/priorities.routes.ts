import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import { PrioritiesRequestSchema, PriorityRowSchema } from '@openseat/shared/schemas/enrollment';
import { listOf, savedOf } from '@openseat/shared/schemas/responses';
import { id } from '@openseat/shared/schemas/rules';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as priorities from './priorities.service';

export async function prioritiesRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['priorities'];
  const read = { permission: ['priorities_configuration', 'access'] } as const;
  const list = { 200: listOf(PriorityRowSchema, 'Every priority item with its level on the campus') };

  app.get(
    '/campus/priorities/:id_campus',
    { config: read, schema: { tags, params: z.object({ id_campus: id }), response: list } },
    (req) => priorities.listPriorities(deps.db, principalOf(req), req.params.id_campus),
  );
  app.get(
    '/campus/priorities',
    { config: read, schema: { tags, querystring: z.object({ id_campus: id }), response: list } },
    (req) => priorities.listPriorities(deps.db, principalOf(req), req.query.id_campus),
  );
  app.post(
    '/campus/priorities',
    {
      config: { permission: ['priorities_configuration', 'edit'], denied: 'noPermissionPriorities' },
      schema: { tags, body: PrioritiesRequestSchema, response: { 200: savedOf(z.array(PriorityRowSchema)) } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await priorities.savePriorities(deps.db, principalOf(req), req.body),
    }),
  );
}
