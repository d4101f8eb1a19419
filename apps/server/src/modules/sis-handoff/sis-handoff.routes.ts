import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SisHandoffBatchesQuerySchema,
  SisHandoffBatchParamsSchema,
  SisHandoffBatchSchema,
  SisHandoffRequestSchema,
  SisHandoffStudentSchema,
  SisHandoffStudentsQuerySchema,
} from '@openseat/shared/schemas/sis-handoff';
import { csvOrZipResponse, pageOf } from '@openseat/shared/schemas/responses';
import { streamCsvBatches } from '../../lib/csv';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import { STREAMED_CSV_COMPRESSION } from '../../plugins/web-client';
import * as handoff from './sis-handoff.service';

/** The hand-off of a period's students to the SIS (docs/registration.md, "Hand-off to the SIS"; docs/oneroster.md). */
export async function sisHandoffRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['sis hand-off'];
  const config = { permission: ['selected_list', 'export_csv'] } as const;

  app.get(
    '/sis-handoff/students',
    {
      config: { permission: [...config.permission] },
      schema: {
        tags,
        description: "A period's confirmed and enrolled students with their latest send in the format, paginated",
        querystring: SisHandoffStudentsQuerySchema,
        response: { 200: pageOf(SisHandoffStudentSchema) },
      },
    },
    (req) => handoff.listStudents(deps.db, principalOf(req), req.query),
  );
  app.get(
    '/sis-handoff/batches',
    {
      config: { permission: [...config.permission] },
      schema: {
        tags,
        description: "A period's sends to the SIS, newest first",
        querystring: SisHandoffBatchesQuerySchema,
        response: { 200: pageOf(SisHandoffBatchSchema) },
      },
    },
    (req) => handoff.listBatches(deps.db, principalOf(req), req.query),
  );
  app.post(
    '/sis-handoff/batches',
    {
      config: { permission: [...config.permission] },
      schema: {
        tags,
        description:
          'Marks the period’s students sent in a format (only those not yet sent in it, unless include=all); audited',
        body: SisHandoffRequestSchema,
        response: { 201: SisHandoffBatchSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await handoff.createBatch(deps.db, principalOf(req), req.body)),
  );
  app.get(
    '/sis-handoff/batches/:id/file',
    {
      config: { permission: [...config.permission], recordRead: 'export' },
      compress: STREAMED_CSV_COMPRESSION,
      schema: {
        tags,
        description:
          'The batch’s file: PowerSchool, SchoolMint or Aspire CSV, or the OneRoster 1.2 ZIP bundle; audited',
        params: SisHandoffBatchParamsSchema,
        response: { 200: csvOrZipResponse('The students of the batch') },
      },
    },
    async (req, reply) => {
      const file = await handoff.prepareFile(deps.db, principalOf(req), req.params.id);
      if (file.kind === 'zip')
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.zip);
      return streamCsvBatches(reply, file.filename, file.columns, file.batches, file.cells, { bom: true });
    },
  );
}
