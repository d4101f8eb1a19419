import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_MAX_BYTES } from '@openseat/shared/import-fields';
import { translate } from '@openseat/shared/messages';
import {
  ImportFileParamsSchema,
  ImportFilePreviewSchema,
  ImportMappingListSchema,
  ImportMappingParamsSchema,
  ImportMappingRequestSchema,
  ImportPreviewQuerySchema,
  SavedImportMappingSchema,
} from '@openseat/shared/schemas/import-files';
import { MessageResponseSchema, savedOf } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../../plugins/types';
import { principalOf } from '../../../plugins/authenticate';
import * as files from './import-files.service';
import * as mappings from './import-mappings.service';

const binary = () => z.unknown().meta({ type: 'string', format: 'binary' });
const UploadDocSchema = z
  .object({ file: binary() })
  .describe('multipart/form-data: one file part `file` (CSV or .xlsx, at most 50 MB)');

/**
 * Self-serve import, the reading half (issue 27; docs/import-formats.md): upload a school's file and preview it with a
 * guessed mapping; the school's named mappings. Bringing the rows in is imports/apply's.
 */
export async function importReadRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['imports'];
  const dataDir = deps.config.dataDir;
  // importing brings applications in: the right to create them; saved mappings are a school setting
  const importer = { permission: ['application', 'create'] } as const;
  const settings = { permission: ['school', 'tab_configuration'], denied: 'noPermissionSchoolData' } as const;

  app.post(
    '/imports/files',
    {
      config: { ...importer },
      schema: {
        tags,
        description:
          'Uploads a CSV (UTF-8 with or without BOM, or Windows-1252; comma, semicolon or tab) or an XLSX workbook, ' +
          'streamed to disk. Answers its headers, sheets, first 20 rows and a guessed mapping. 400 for a file that is ' +
          'neither or cannot be read, 413 past 50 MB.',
        consumes: ['multipart/form-data'],
        body: UploadDocSchema.nullish(),
        response: { 200: ImportFilePreviewSchema },
      },
    },
    (req) => {
      const parts = req.isMultipart() ? req.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } }) : null;
      return files.uploadImportFile(deps.db, dataDir, principalOf(req), parts);
    },
  );
  app.get(
    '/imports/files/:id/preview',
    {
      config: { ...importer },
      schema: {
        tags,
        params: ImportFileParamsSchema,
        querystring: ImportPreviewQuerySchema,
        response: { 200: ImportFilePreviewSchema },
      },
    },
    (req) => files.previewImportFile(deps.db, dataDir, principalOf(req), req.params.id, req.query.sheet),
  );

  app.get(
    '/imports/mappings',
    { config: { ...importer }, schema: { tags, response: { 200: ImportMappingListSchema } } },
    (req) => mappings.listMappings(deps.db, principalOf(req)),
  );
  app.post(
    '/imports/mappings',
    {
      config: { ...settings },
      schema: { tags, body: ImportMappingRequestSchema, response: { 200: savedOf(SavedImportMappingSchema) } },
    },
    async (req) => ({
      message: translate('importMappingSaved', req.lng),
      data: await mappings.createMapping(deps.db, principalOf(req), req.body),
    }),
  );
  app.put(
    '/imports/mappings/:id',
    {
      config: { ...settings },
      schema: {
        tags,
        params: ImportMappingParamsSchema,
        body: ImportMappingRequestSchema,
        response: { 200: savedOf(SavedImportMappingSchema) },
      },
    },
    async (req) => ({
      message: translate('importMappingSaved', req.lng),
      data: await mappings.updateMapping(deps.db, principalOf(req), req.params.id, req.body),
    }),
  );
  app.delete(
    '/imports/mappings/:id',
    {
      config: { ...settings },
      schema: { tags, params: ImportMappingParamsSchema, response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      await mappings.deleteMapping(deps.db, principalOf(req), req.params.id);
      return { message: translate('importMappingDeleted', req.lng) };
    },
  );
}
