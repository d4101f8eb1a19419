import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApplicationExportQuerySchema } from '@openseat/shared/schemas/application-records';
import { csvResponse } from '@openseat/shared/schemas/responses';
import { streamCsvBatches } from '../../lib/csv';
import type { AppDeps } from '../../plugins/types';
import { STREAMED_CSV_COMPRESSION } from '../../plugins/web-client';
import { principalOf } from '../../plugins/authenticate';
import * as exportsService from './exports.service';

export async function exportsRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/application/export',
    {
      // export_csv on the list's own screen (type), checked by the service before anything is streamed
      config: { signedIn: true, recordRead: 'export' },
      compress: STREAMED_CSV_COMPRESSION,
      schema: {
        tags: ['application records'],
        description:
          'A list as CSV (UTF-8 with BOM): the filters of GET /application, `format` (application, product, powerschool, schoolmint, aspire) and, for the product CSV, `columns`',
        querystring: ApplicationExportQuerySchema,
        response: { 200: csvResponse('The applications of the list, one row each') },
      },
    },
    async (req, reply) => {
      const csv = await exportsService.prepareExport(deps.db, principalOf(req), req.query, req.lng);
      return streamCsvBatches(reply, csv.filename, csv.columns, csv.batches, csv.cells, { bom: true });
    },
  );
}
