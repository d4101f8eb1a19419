import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@openseat/shared/messages';
import {
  ApplicationNoteSchema,
  ApplicationRecordsQuerySchema,
  NoteCreateSchema,
} from '@openseat/shared/schemas/application-records';
import { listOf, savedOf } from '@openseat/shared/schemas/responses';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import { presentNote } from './application-notes.presenter';
import * as notes from './application-notes.service';

export async function applicationNotesRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['application records'];
  app.get(
    '/application/notes',
    {
      config: { permission: ['application', 'view_notes'] },
      schema: {
        tags,
        querystring: ApplicationRecordsQuerySchema,
        response: { 200: listOf(ApplicationNoteSchema, "The application's notes, newest first") },
      },
    },
    async (req) =>
      (await notes.listNotes(deps.db, principalOf(req), req.query.id_application)).map((n) => presentNote(n, req.lng)),
  );
  app.post(
    '/application/notes',
    {
      config: { permission: ['application', 'manage_notes'] },
      schema: { tags, body: NoteCreateSchema, response: { 200: savedOf(ApplicationNoteSchema) } },
    },
    async (req) => ({
      message: translate('noteAdded', req.lng),
      data: presentNote(await notes.addNote(deps.db, principalOf(req), req.body), req.lng),
    }),
  );
}
