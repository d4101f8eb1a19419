import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CopyJobSchema,
  CopyParamsSchema,
  CopyStartedSchema,
  SchoolYearMoveSchema,
  SchoolYearTargetsQuerySchema,
  SchoolYearTargetsSchema,
  SchoolYearTransferResultSchema,
} from '@openseat/shared/schemas/application-records';
import { translate } from '@openseat/shared/messages';
import type { AppDeps } from '../../plugins/types';
import { translateRefusals } from '../../lib/refusals';
import { principalOf } from '../../plugins/authenticate';
import * as schoolYears from './school-years.service';

export async function schoolYearTransferRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['application records'];
  app.get(
    '/application/school-year-targets',
    {
      config: { permission: ['applications', 'access'] },
      schema: { tags, querystring: SchoolYearTargetsQuerySchema, response: { 200: SchoolYearTargetsSchema } },
    },
    (req) => schoolYears.targetsOf(deps.db, principalOf(req), req.query.applicationIds),
  );
  app.put(
    '/application/update-school-year',
    {
      config: { permission: ['applications', 'transfer_applications'] },
      schema: { tags, body: SchoolYearMoveSchema, response: { 200: SchoolYearTransferResultSchema } },
    },
    async (req) => {
      const { refused, ...moved } = await schoolYears.transfer(deps.db, principalOf(req), req.body);
      return {
        message: translate('applicationsTransferred', req.lng),
        ...moved,
        refused: translateRefusals(refused, req.lng),
      };
    },
  );
  app.post(
    '/application/copy-to-school-year',
    {
      config: { permission: ['applications', 'copy_applications'] },
      schema: { tags, body: SchoolYearMoveSchema, response: { 200: CopyStartedSchema } },
    },
    async (req) => {
      const { refused, ...started } = await schoolYears.requestCopy(
        deps.db,
        deps.jobs,
        principalOf(req),
        req.body,
        req.lng,
      );
      return { message: translate('copyQueued', req.lng), ...started, refused: translateRefusals(refused, req.lng) };
    },
  );
  app.get(
    '/application/copy-to-school-year/:id',
    {
      config: { permission: ['applications', 'copy_applications'] },
      schema: { tags, params: CopyParamsSchema, response: { 200: CopyJobSchema } },
    },
    (req) => schoolYears.copyStatus(deps.db, principalOf(req), req.params.id),
  );
}
