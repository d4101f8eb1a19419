import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import { MessageResponseSchema, csvResponse, imageResponse, pageOf, savedOf } from '@openseat/shared/schemas/responses';
import { RoleRowSchema } from '@openseat/shared/schemas/roles';
import { id } from '@openseat/shared/schemas/rules';
import {
  CreateUserRequestSchema,
  UpdateUserRequestSchema,
  UserListQuerySchema,
  UserRowSchema,
} from '@openseat/shared/schemas/users';
import type { AppDeps } from '../../plugins/types';
import { streamCsv } from '../../lib/csv';
import { uploadFormOf } from '../../lib/form-upload';
import { mimeOfStoredImage, storedFilePath } from '../../lib/uploads';
import { principalOf } from '../../plugins/authenticate';
import { USER_CSV_COLUMNS, userCsvRow } from './users.presenter';
import * as users from './users.service';

const saved = savedOf(UserRowSchema).describe('The notice and the user as saved');

export async function usersRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const params = z.object({ id });

  app.get(
    '/user',
    {
      config: { permission: ['users', 'access'] },
      schema: {
        tags,
        querystring: UserListQuerySchema,
        response: { 200: pageOf(UserRowSchema).describe('One page of the users in scope') },
      },
    },
    (req) => users.listUsers(deps.db, principalOf(req), req.query),
  );

  app.get(
    '/user/campuses',
    {
      config: { permission: ['users', 'access'] },
      schema: { tags, response: { 200: z.array(UserRowSchema).describe('The campus users in scope') } },
    },
    (req) => users.listCampusUsers(deps.db, principalOf(req)),
  );

  app.get(
    '/user/assignable-roles',
    {
      config: { signedIn: true },
      schema: {
        tags,
        description: 'The active roles the caller may give a user it creates or edits (needs users create or edit).',
        response: { 200: z.array(RoleRowSchema).describe('The roles the caller may assign') },
      },
    },
    (req) => users.listAssignableRoles(deps.db, principalOf(req)),
  );

  app.get(
    '/user/export',
    {
      config: { permission: ['users', 'export_csv'] },
      schema: {
        tags,
        querystring: UserListQuerySchema,
        response: { 200: csvResponse('users.csv: name, email, rol, isActive, telephone') },
      },
    },
    async (req, reply) => {
      const rows = await users.exportUsers(deps.db, principalOf(req), req.query);
      return streamCsv(reply, 'users.csv', USER_CSV_COLUMNS, rows, userCsvRow);
    },
  );

  app.post(
    '/user',
    {
      config: { permission: ['users', 'create'] },
      schema: { tags, body: CreateUserRequestSchema, response: { 200: saved } },
    },
    async (req) => ({
      message: translate('created', req.lng),
      data: await users.createUser(deps.db, principalOf(req), req.body),
    }),
  );

  app.put(
    '/user',
    {
      config: { permission: ['users', 'edit'] },
      schema: {
        tags,
        consumes: ['multipart/form-data', 'application/json'],
        // multipart bodies are read by the service (fields as strings, `photo` as a file part): documented here
        body: UpdateUserRequestSchema.nullish(),
        response: { 200: saved },
      },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await users.updateUser(deps.db, deps.config.dataDir, principalOf(req), uploadFormOf(req)),
    }),
  );

  app.get(
    '/user/:id',
    {
      config: { permission: ['users', 'access'] },
      schema: { tags, params, response: { 200: UserRowSchema.describe('The user') } },
    },
    (req) => users.getUser(deps.db, principalOf(req), req.params.id),
  );

  app.get(
    '/user/:id/photo',
    { config: { signedIn: true }, schema: { tags, params, response: { 200: imageResponse } } },
    async (req, reply) => {
      const photo = await users.photoOf(deps.db, principalOf(req), req.params.id);
      return reply
        .type(mimeOfStoredImage(photo))
        .header('content-disposition', 'inline')
        .send(createReadStream(storedFilePath(deps.config.dataDir, photo)));
    },
  );

  app.delete(
    '/user/:id',
    {
      config: { permission: ['users', 'delete'] },
      schema: {
        tags,
        params,
        response: {
          200: MessageResponseSchema.describe(
            'Deactivated (its sessions end); a user shared with schools outside the scope is only unlinked',
          ),
        },
      },
    },
    async (req) => {
      await users.deactivateUser(deps.db, principalOf(req), req.params.id);
      return { message: translate('deleted', req.lng) };
    },
  );
}
