import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  ErasurePreviewSchema,
  ErasureQuerySchema,
  ErasureRequestSchema,
  ErasureResultSchema,
} from '@openseat/shared/schemas/erasure';
import { id } from '@openseat/shared/schemas/rules';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as erasure from './erasure.service';

/**
 * Deletion on request (docs/privacy.md): what a student's or family's deletion would remove, and the deletion. Those
 * who may delete applications, with every campus of the school in reach (a family spans campuses).
 */
export async function erasureRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];
  const params = z.object({ id });
  const permission = ['application', 'delete'] as const;

  app.get(
    '/application/:id/erasure',
    {
      config: { permission: [...permission] },
      schema: {
        tags,
        description:
          "What deleting this student's (or this family's) personal data would remove: every application of the " +
          'school it covers, any period and campus, with its files and messages. 403 for a campus-limited user',
        params,
        querystring: ErasureQuerySchema,
        response: { 200: ErasurePreviewSchema },
      },
    },
    (req) => erasure.previewErasure(deps.db, principalOf(req), req.params.id, req.query.scope),
  );
  app.post(
    '/application/:id/erasure',
    {
      config: { permission: [...permission] },
      schema: {
        tags,
        description:
          'Removes the personal data the preview shows (names, contacts, files, message bodies, notes, answers); ' +
          "counts and lottery records stay. `confirm` is the applicant's last name. Audited without the content",
        params,
        body: ErasureRequestSchema,
        response: { 200: ErasureResultSchema },
      },
    },
    async (req) => {
      const result = await erasure.erase(deps.db, deps.config.dataDir, principalOf(req), req.params.id, req.body);
      return { message: translate('erased', req.lng, result), ...result };
    },
  );
}
