import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import {
  DocumentUploadParamsSchema,
  DocumentUploadSchema,
  DocumentUploadStartSchema,
  FamilyRegistrationItemParamsSchema,
} from '@openseat/shared/schemas/registration';
import { attachmentHeader } from '../../lib/attachment';
import type { AppDeps } from '../../plugins/types';
import { documentUploadState, openDocument, sendDocumentChunk, startDocumentUpload } from './family.documents';
import { familyRequest } from './family.session';

/** Each chunk of an upload is a request: a 20 MB document in 1 MiB chunks, resumed a few times, fits. */
const UPLOADS_PER_MINUTE = 120;

/**
 * Documents of the registration packet (docs/registration.md): a resumable upload (open, then chunks with
 * Content-Range, each streamed to disk) and the download of the family's own file. The session is the portal's
 * cookie (family.session.ts).
 */
export async function familyDocumentRoutes(root: FastifyInstance, deps: AppDeps) {
  // its own scope: the raw body parser below serves these routes only
  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    // a chunk's bytes are streamed by the service, never parsed or buffered here
    app.addContentTypeParser('application/octet-stream', (_req, _payload, done) => done(null));
    const tags = ['family portal'];
    const dataDir = deps.config.dataDir;
    const { guardian, sameSiteOnly } = familyRequest(deps);
    const config = { public: true, rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } };
    const binary = z.unknown().meta({ type: 'string', format: 'binary' });

    app.post(
      '/family/applications/:id/registration/documents/:id_registration_item/uploads',
      {
        config,
        preHandler: sameSiteOnly,
        schema: {
          tags,
          description:
            "Opens a resumable upload of the item's document: its name and size in bytes (at most the item's size).",
          params: FamilyRegistrationItemParamsSchema,
          body: DocumentUploadStartSchema,
          response: { 200: DocumentUploadSchema },
        },
      },
      async (req) => {
        const { id, id_registration_item } = req.params;
        return startDocumentUpload(deps.db, dataDir, await guardian(req), id, id_registration_item, req.body);
      },
    );
    app.get(
      '/family/applications/:id/registration/uploads/:id_upload',
      {
        config,
        schema: {
          tags,
          description: 'Where an upload stands: the bytes received, where the next chunk starts.',
          params: DocumentUploadParamsSchema,
          response: { 200: DocumentUploadSchema },
        },
      },
      async (req) => documentUploadState(deps.db, dataDir, await guardian(req), req.params.id, req.params.id_upload),
    );
    app.put(
      '/family/applications/:id/registration/uploads/:id_upload',
      {
        config,
        preHandler: sameSiteOnly,
        schema: {
          tags,
          description:
            'One chunk (`application/octet-stream`, at most 8 MiB) with `Content-Range: bytes start-end/size`, starting ' +
            'at the byte the server holds (409 otherwise). The last chunk completes the upload: the file is checked ' +
            "(type from its bytes; images re-encoded) and becomes the item's response. 400 for a refused file, 413 " +
            'for a chunk too large.',
          params: DocumentUploadParamsSchema,
          consumes: ['application/octet-stream'],
          // documentation only: the parser leaves the body unread, the service streams it
          body: binary.describe("The chunk's bytes").optional(),
          response: { 200: DocumentUploadSchema.extend({ message: z.string().optional() }) },
        },
      },
      async (req) => {
        const chunk = { type: req.headers['content-type'], range: req.headers['content-range'], body: req.raw };
        const { id, id_upload } = req.params;
        const result = await sendDocumentChunk(deps.db, dataDir, await guardian(req), id, id_upload, chunk);
        return result.done ? { ...result, message: translate('registrationDocumentSent', req.lng) } : result;
      },
    );
    app.get(
      '/family/applications/:id/registration/documents/:id_registration_item',
      {
        config,
        schema: {
          tags,
          description: "The family's own document for the item, as kept.",
          params: FamilyRegistrationItemParamsSchema,
          response: { 200: { description: 'The file', content: { 'application/octet-stream': { schema: binary } } } },
        },
      },
      async (req, reply) => {
        const { id, id_registration_item } = req.params;
        const { document, stream } = await openDocument(
          deps.db,
          dataDir,
          await guardian(req),
          id,
          id_registration_item,
        );
        return reply
          .type(document.mimeType)
          .header('content-disposition', attachmentHeader(document.originalName))
          .send(stream);
      },
    );
  });
}
