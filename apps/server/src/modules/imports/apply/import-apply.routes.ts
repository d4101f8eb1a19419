import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Language } from '@openseat/shared/constants';
import { IMPORT_MAX_BYTES } from '@openseat/shared/import-fields';
import { translate } from '@openseat/shared/messages';
import {
  ImportBatchesQuerySchema,
  ImportBatchParamsSchema,
  ImportBatchSchema,
  ImportCommitSchema,
  ImportConflictSchema,
  ImportConflictsQuerySchema,
  ImportDryRunSchema,
  ImportFileCommitSchema,
  ImportFileRunSchema,
  ImportReportSchema,
  type ImportReport,
} from '@openseat/shared/schemas/imports';
import { ImportFileParamsSchema } from '@openseat/shared/schemas/import-files';
import { csvResponse, pageOf } from '@openseat/shared/schemas/responses';
import { streamCsv } from '../../../lib/csv';
import type { AppDeps } from '../../../plugins/types';
import { principalOf } from '../../../plugins/authenticate';
import { STREAMED_CSV_COMPRESSION } from '../../../plugins/web-client';
import { presentBatch } from './import-apply.presenter';
import { withFileRows } from './import-file-runs';
import * as imports from './import-apply.service';

/** A dry run's problems as the CSV file staff download: row, column, message in their language. */
const sendReport = (reply: FastifyReply, report: ImportReport, lng: Language) =>
  streamCsv(reply, 'import-report.csv', ['row', 'column', 'message'], each(report.problems), (p) => [
    p.rowNumber,
    p.column,
    translate(p.message, lng),
  ]);

/** The rows of a request one at a time, as the file reader hands them over. */
async function* each<T>(rows: T[]) {
  yield* rows;
}

/**
 * The dry run, commit, progress and undo of a self-serve import (issue 27, docs/import-apply.md). Importing needs the
 * right to create applications (as the upload, imports/read); a campus user imports into its own campus only.
 */
export async function importApplyRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['imports'];
  // importing brings applications in: the right to create them (as uploading the file, imports/read)
  const write = { permission: ['application', 'create'] } as const;
  const read = { permission: ['application', 'create'] } as const;
  // a file's rows as JSON: up to the largest file an import takes, with room for the field names
  const bodyLimit = 2 * IMPORT_MAX_BYTES;

  app.post(
    '/imports/dry-run',
    {
      config: { permission: [...write.permission] },
      bodyLimit,
      schema: {
        tags,
        description:
          'Checks every row as the API checks an intake, finds duplicates and over-filled grades; writes nothing',
        body: ImportDryRunSchema,
        response: { 200: ImportReportSchema },
      },
    },
    (req) => imports.dryRun(deps.db, principalOf(req), req.body, each(req.body.rows)),
  );
  app.post(
    '/imports/dry-run/report',
    {
      config: { permission: [...write.permission] },
      bodyLimit,
      compress: STREAMED_CSV_COMPRESSION,
      schema: {
        tags,
        description: "The dry run's problems as a CSV file: row, column, message",
        body: ImportDryRunSchema,
        response: { 200: csvResponse('import-report.csv: row, column, message') },
      },
    },
    async (req, reply) =>
      sendReport(reply, await imports.dryRun(deps.db, principalOf(req), req.body, each(req.body.rows)), req.lng),
  );
  app.post(
    '/imports/commit',
    {
      config: { permission: [...write.permission] },
      bodyLimit,
      schema: {
        tags,
        description:
          'Checks the file again, stages its rows with the decisions on duplicates and queues the commit (one transaction)',
        body: ImportCommitSchema,
        response: { 202: ImportBatchSchema },
      },
    },
    async (req, reply) => {
      const batch = await imports.requestCommit(deps.db, deps.jobs, principalOf(req), req.body, each(req.body.rows));
      return reply.code(202).send(presentBatch(batch, req.lng));
    },
  );
  // an uploaded file (imports/read) read on the server through the user's mapping: what the import screen sends
  const dataDir = deps.config.dataDir;
  app.post(
    '/imports/files/:id/dry-run',
    {
      config: { permission: [...write.permission] },
      schema: {
        tags,
        description: "An uploaded file's rows through a mapping, checked as /imports/dry-run does; writes nothing",
        params: ImportFileParamsSchema,
        body: ImportFileRunSchema,
        response: { 200: ImportReportSchema },
      },
    },
    (req) =>
      withFileRows(deps.db, dataDir, principalOf(req), req.params.id, req.body, (target, rows) =>
        imports.dryRun(deps.db, principalOf(req), target, rows),
      ),
  );
  app.post(
    '/imports/files/:id/dry-run/report',
    {
      config: { permission: [...write.permission] },
      compress: STREAMED_CSV_COMPRESSION,
      schema: {
        tags,
        description: "The file's dry run problems as a CSV file: row, column, message",
        params: ImportFileParamsSchema,
        body: ImportFileRunSchema,
        response: { 200: csvResponse('import-report.csv: row, column, message') },
      },
    },
    async (req, reply) =>
      sendReport(
        reply,
        await withFileRows(deps.db, dataDir, principalOf(req), req.params.id, req.body, (target, rows) =>
          imports.dryRun(deps.db, principalOf(req), target, rows),
        ),
        req.lng,
      ),
  );
  app.post(
    '/imports/files/:id/commit',
    {
      config: { permission: [...write.permission] },
      schema: {
        tags,
        description:
          'Checks the file again and queues its commit with the decisions on duplicates (as /imports/commit)',
        params: ImportFileParamsSchema,
        body: ImportFileCommitSchema,
        response: { 202: ImportBatchSchema },
      },
    },
    async (req, reply) => {
      const batch = await withFileRows(deps.db, dataDir, principalOf(req), req.params.id, req.body, (target, rows) =>
        imports.requestCommit(deps.db, deps.jobs, principalOf(req), { ...target, decisions: req.body.decisions }, rows),
      );
      return reply.code(202).send(presentBatch(batch, req.lng));
    },
  );
  app.get(
    '/imports/batches',
    {
      config: { permission: [...read.permission] },
      schema: { tags, querystring: ImportBatchesQuerySchema, response: { 200: pageOf(ImportBatchSchema) } },
    },
    async (req) => {
      const { page, pageSize } = req.query;
      const { rows, total } = await imports.listBatches(deps.db, principalOf(req).scope, page, pageSize);
      return { data: rows.map((row) => presentBatch(row, req.lng)), total, page, pageSize };
    },
  );
  app.get(
    '/imports/batches/:id',
    {
      config: { permission: [...read.permission] },
      schema: {
        tags,
        description: "An import's state and progress (poll it while the commit runs)",
        params: ImportBatchParamsSchema,
        response: { 200: ImportBatchSchema },
      },
    },
    async (req) => presentBatch(await imports.getBatch(deps.db, principalOf(req).scope, req.params.id), req.lng),
  );
  app.post(
    '/imports/batches/:id/undo',
    {
      config: { permission: [...write.permission] },
      schema: {
        tags,
        description: 'Undoes a committed import as a whole; 409 once any of its applications moved since',
        params: ImportBatchParamsSchema,
        response: { 200: ImportBatchSchema },
      },
    },
    async (req) => presentBatch(await imports.undoBatch(deps.db, principalOf(req), req.params.id), req.lng),
  );
  app.get(
    '/imports/conflicts',
    {
      config: { permission: ['applications', 'access'] },
      schema: {
        tags,
        description: 'The same child (name and date of birth) with applications at several campuses in one school year',
        querystring: ImportConflictsQuerySchema,
        response: { 200: pageOf(ImportConflictSchema) },
      },
    },
    (req) => imports.conflictsOf(deps.db, principalOf(req), req.query),
  );
}
