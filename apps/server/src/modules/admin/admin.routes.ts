import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import {
  AdminAuditPageSchema,
  AdminAuditQuerySchema,
  AdminJobSchema,
  AdminJobsPageSchema,
  AdminJobsQuerySchema,
  AdminRecordReadsQuerySchema,
  JobIdParamsSchema,
} from '@openseat/shared/schemas/admin';
import { csvResponse, savedOf } from '@openseat/shared/schemas/responses';
import { streamCsvBatches } from '../../lib/csv';
import { STREAMED_CSV_COMPRESSION } from '../../plugins/web-client';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as admin from './admin.service';

/**
 * The admin console: pg-boss's jobs and the audit log of every school. `audit_log` access, and the service lets
 * system users only (a school user with `audit_log` gets 403).
 */
export async function adminRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { permission: ['audit_log', 'access'] as const };
  const tags = ['admin'];

  app.get(
    '/admin/jobs',
    {
      config,
      schema: {
        tags,
        description: 'Background jobs (pg-boss), newest first, 50 a page; `counts` per queue and state',
        querystring: AdminJobsQuerySchema,
        response: { 200: AdminJobsPageSchema.describe('One page of jobs and the counts') },
      },
    },
    (req) => admin.listJobs(deps.db, principalOf(req), req.query),
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      config,
      schema: {
        tags,
        description: 'Runs a failed job again (pg-boss retry); 409 when the job is not failed',
        params: JobIdParamsSchema,
        response: { 200: savedOf(AdminJobSchema) },
      },
    },
    async (req) => ({
      message: translate('jobRetried', req.lng),
      data: await admin.retryJob(deps.db, deps.jobs, principalOf(req), req.params.id),
    }),
  );

  app.get(
    '/admin/audit',
    {
      config,
      schema: {
        tags,
        description: 'The audit log of every school, newest first, 50 a page, with the user and school names',
        querystring: AdminAuditQuerySchema,
        response: { 200: AdminAuditPageSchema.describe('One page of the audit log') },
      },
    },
    (req) => admin.listAudit(deps.db, principalOf(req), req.query),
  );

  app.get(
    '/admin/record-reads/export',
    {
      config: { ...config, recordRead: 'export' },
      compress: STREAMED_CSV_COMPRESSION,
      schema: {
        tags,
        description:
          'For a breach notification: every record one user read between two dates (both included), oldest first, ' +
          'with the child and the guardian to tell; audited',
        querystring: AdminRecordReadsQuerySchema,
        response: { 200: csvResponse('The reads, one row each') },
      },
    },
    async (req, reply) => {
      const csv = await admin.recordReadsExport(deps.db, principalOf(req), req.query);
      return streamCsvBatches(reply, csv.filename, csv.columns, csv.batches, csv.cells, { bom: true });
    },
  );
}
