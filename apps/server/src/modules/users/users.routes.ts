import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import { id } from '@openseat/shared/schemas/rules';
import { CreateUserRequestSchema, UpdateUserRequestSchema, UserListQuerySchema } from '@openseat/shared/schemas/users';
import type { AppDeps } from '../../app';
import { writeAudit } from '../../lib/audit';
import { streamCsv } from '../../lib/csv';
import { badRequest } from '../../lib/errors';
import { mimeOfStoredImage, readMultipart, saveImage, storedFilePath } from '../../lib/uploads';
import { principalOf } from '../../plugins/authenticate';
import { USER_CSV_COLUMNS, userCsvRow } from './users.presenter';
import { eachUser } from './users.repository';
import * as users from './users.service';

export async function usersRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const params = z.object({ id });

  app.get('/user', { config: { permission: ['users', 'access'] }, schema: { tags, querystring: UserListQuerySchema } }, (req) =>
    users.listUsers(deps.db, principalOf(req), req.query),
  );

  app.get('/user/campuses', { config: { permission: ['users', 'access'] }, schema: { tags } }, (req) => users.listCampusUsers(deps.db, principalOf(req)));

  app.get('/user/export', { config: { permission: ['users', 'export_csv'] }, schema: { tags, querystring: UserListQuerySchema } }, async (req, reply) => {
    const caller = principalOf(req);
    await writeAudit(deps.db, caller, { action: 'user.export', entity: 'user' });
    return streamCsv(reply, 'users.csv', USER_CSV_COLUMNS, eachUser(deps.db, caller.scope, { tab: req.query.tab, text: req.query.text }), userCsvRow);
  });

  app.post('/user', { config: { permission: ['users', 'create'] }, schema: { tags, body: CreateUserRequestSchema } }, async (req) => ({
    message: translate('created', req.lng),
    data: await users.createUser(deps.db, principalOf(req), req.body),
  }));

  app.put('/user', { config: { permission: ['users', 'edit'] }, schema: { tags, consumes: ['multipart/form-data', 'application/json'] } }, async (req) => {
    const { fields, image } = req.isMultipart() ? await readMultipart(req.parts()) : { fields: (req.body ?? {}) as Record<string, unknown>, image: null };
    const parsed = UpdateUserRequestSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0].message, parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    const photo = image ? await saveImage(image, deps.config.dataDir, 'users') : null;
    return { message: translate('saved', req.lng), data: await users.updateUser(deps.db, principalOf(req), parsed.data, photo) };
  });

  app.get('/user/:id', { config: { permission: ['users', 'access'] }, schema: { tags, params } }, (req) => users.getUser(deps.db, principalOf(req), req.params.id));

  app.get('/user/:id/photo', { config: { signedIn: true }, schema: { tags, params } }, async (req, reply) => {
    const photo = await users.photoOf(deps.db, principalOf(req), req.params.id);
    return reply.type(mimeOfStoredImage(photo)).header('content-disposition', 'inline').send(createReadStream(storedFilePath(deps.config.dataDir, photo)));
  });

  app.delete('/user/:id', { config: { permission: ['users', 'delete'] }, schema: { tags, params } }, async (req) => {
    await users.deactivateUser(deps.db, principalOf(req), req.params.id);
    return { message: translate('deleted', req.lng) };
  });
}
