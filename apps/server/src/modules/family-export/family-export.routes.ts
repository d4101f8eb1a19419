import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApplicationParamsSchema } from '@openseat/shared/schemas/applications';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as familyExport from './family-export.service';

const binary = () => z.unknown().meta({ type: 'string', format: 'binary' });

/** Export on request (docs/privacy.md): a family's data and files in one zip, for staff who may read the application. */
export async function familyExportRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/application/:id/family-export',
    {
      config: { permission: ['application', 'access'], recordRead: 'export' },
      schema: {
        tags: ['applications'],
        description:
          "The family's data as `family.json` (every application of the family at the caller's school and campuses: " +
          'the fields the family gave, statuses and their history, waiting place, offer deadline, messages sent to ' +
          'them, consent to texts, the portal’s own view) and their files under `files/<correlative>/`, in one ZIP. ' +
          "The family: applications whose guardian shares the application's guardian e-mail or phone. Audited; 404 " +
          "outside the caller's scope",
        params: ApplicationParamsSchema,
        response: {
          200: { description: 'The ZIP archive', content: { 'application/zip': { schema: binary() } } },
        },
      },
    },
    async (req, reply) => {
      const { zip, filename } = await familyExport.familyExport(
        deps.db,
        deps.config.dataDir,
        principalOf(req),
        req.params.id,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(zip);
    },
  );
}
