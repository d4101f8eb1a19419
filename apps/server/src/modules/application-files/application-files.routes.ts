import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  ApplicationFileSchema,
  ApplicationRecordsQuerySchema,
  FileDeleteQuerySchema,
  FileParamsSchema,
} from '@openseat/shared/schemas/application-records';
import { listOf, MessageResponseSchema, savedOf } from '@openseat/shared/schemas/responses';
import { uploadFormOf } from '../../lib/form-upload';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import { attachmentHeader } from './application-files.presenter';
import { presentFile } from './application-files.presenter';
import * as files from './application-files.service';

const binary = () => z.unknown().meta({ type: 'string', format: 'binary' });

/** How the upload is documented: the multipart fields (read and checked by the service). */
const UploadDocSchema = z
  .object({ id_application: z.string(), file: binary() })
  .describe('multipart/form-data: id_application and one file part `file`');

export async function applicationFilesRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['application records'];
  const dataDir = deps.config.dataDir;
  app.get(
    '/application/files',
    {
      config: { permission: ['application', 'access'] },
      schema: {
        tags,
        querystring: ApplicationRecordsQuerySchema,
        response: { 200: listOf(ApplicationFileSchema, "The application's files, newest first") },
      },
    },
    async (req) =>
      (await files.listFiles(deps.db, principalOf(req), req.query.id_application)).map((f) => presentFile(f, req.lng)),
  );
  app.post(
    '/application/upload-file',
    {
      config: { permission: ['application', 'upload_file'] },
      schema: {
        tags,
        description:
          'multipart/form-data: `id_application` and one `file` part (at most 10 MiB; PDF, PNG, JPEG, WebP, HEIC, DOCX, XLSX or ODT, by its content)',
        consumes: ['multipart/form-data'],
        body: UploadDocSchema.nullish(),
        response: { 200: savedOf(ApplicationFileSchema) },
      },
    },
    async (req) => ({
      message: translate('fileUploaded', req.lng),
      data: presentFile(await files.uploadFile(deps.db, dataDir, principalOf(req), uploadFormOf(req)), req.lng),
    }),
  );
  app.get(
    '/application/file/:id',
    {
      config: { permission: ['application', 'download_application'], recordRead: 'download' },
      schema: {
        tags,
        params: FileParamsSchema,
        response: {
          200: { description: 'The file', content: { 'application/octet-stream': { schema: binary() } } },
        },
      },
    },
    async (req, reply) => {
      const { file, stream } = await files.openFile(deps.db, dataDir, principalOf(req), req.params.id);
      return reply.type(file.mimeType).header('content-disposition', attachmentHeader(file.originalName)).send(stream);
    },
  );
  app.delete(
    '/application/delete-file',
    {
      config: { permission: ['application', 'delete_file'] },
      schema: { tags, querystring: FileDeleteQuerySchema, response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      await files.deleteFile(deps.db, dataDir, principalOf(req), req.query.id_application_file);
      return { message: translate('fileDeleted', req.lng) };
    },
  );
}
