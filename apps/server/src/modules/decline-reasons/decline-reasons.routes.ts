import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import {
  DeclineReasonsQuerySchema,
  DeclineReasonsRequestSchema,
  DeclineReasonsSchema,
} from '@openseat/shared/schemas/decline-reasons';
import { savedOf } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as declineReasons from './decline-reasons.service';

/** The reasons a family may give when it declines an offer, edited with the school's configuration. */
export async function declineReasonsRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['decline-reasons'];
  const permission = ['school', 'tab_configuration'] as const;

  app.get(
    '/decline-reasons',
    {
      config: { permission: [...permission] },
      schema: { tags, querystring: DeclineReasonsQuerySchema, response: { 200: DeclineReasonsSchema } },
    },
    (req) => declineReasons.getDeclineReasons(deps.db, principalOf(req), req.query.id_school),
  );
  app.put(
    '/decline-reasons',
    {
      config: { permission: [...permission], denied: 'noPermissionSchoolData' },
      schema: { tags, body: DeclineReasonsRequestSchema, response: { 200: savedOf(DeclineReasonsSchema) } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await declineReasons.replaceDeclineReasons(deps.db, principalOf(req), req.body),
    }),
  );
}
