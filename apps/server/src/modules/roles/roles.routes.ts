import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import { id } from '@openseat/shared/schemas/rules';
import { PermissionUpsertSchema, RoleRequestSchema } from '@openseat/shared/schemas/roles';
import type { AppDeps } from '../../app';
import { principalOf } from '../../plugins/authenticate';
import * as roles from './roles.service';

export async function rolesRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];
  const params = z.object({ id });
  const read = { permission: ['roles', 'access'] } as const;

  app.get('/role', { config: read, schema: { tags, querystring: z.object({ id_context_type: id.optional() }) } }, (req) => roles.listRoles(deps.db, req.query.id_context_type));
  app.post('/role', { config: { permission: ['roles', 'create'], denied: 'noPermissionRoleData' }, schema: { tags, body: RoleRequestSchema } }, async (req) => ({
    message: translate('created', req.lng),
    data: await roles.createRole(deps.db, principalOf(req), req.body),
  }));
  app.get('/role/:id', { config: read, schema: { tags, params } }, (req) => roles.getRole(deps.db, req.params.id));
  app.put('/role/:id', { config: { permission: ['role', 'edit'], denied: 'noPermissionRoleData' }, schema: { tags, params, body: RoleRequestSchema } }, async (req) => ({
    message: translate('saved', req.lng),
    data: await roles.updateRole(deps.db, principalOf(req), req.params.id, req.body),
  }));
  app.delete('/role/:id', { config: { permission: ['roles', 'delete'], denied: 'noPermissionRoleData' }, schema: { tags, params } }, async (req) => {
    await roles.deleteRole(deps.db, principalOf(req), req.params.id);
    return { message: translate('deleted', req.lng) };
  });

  app.get('/subject', { config: read, schema: { tags } }, async () => roles.listSubjects());
  app.get('/permission', { config: { permission: ['role', 'tab_permissions'] }, schema: { tags, querystring: z.object({ id_role: id, id_subject: id.optional() }) } }, (req) =>
    roles.listPermissions(deps.db, req.query.id_role, req.query.id_subject),
  );
  app.put('/permission', { config: { permission: ['role', 'tab_permissions'], denied: 'noPermissionPermissions' }, schema: { tags, body: PermissionUpsertSchema } }, async (req) => ({
    message: translate('saved', req.lng),
    data: await roles.upsertPermission(deps.db, principalOf(req), req.body),
  }));
}
