import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@openseat/shared/messages';
import { MessageResponseSchema, savedOf } from '@openseat/shared/schemas/responses';
import {
  PermissionRowSchema,
  PermissionUpsertSchema,
  RoleRequestSchema,
  RoleRowSchema,
  SubjectWithActionsSchema,
} from '@openseat/shared/schemas/roles';
import { id } from '@openseat/shared/schemas/rules';
import type { AppDeps } from '../../plugins/types';
import { principalOf } from '../../plugins/authenticate';
import * as roles from './roles.service';

const savedRole = savedOf(RoleRowSchema).describe('The notice and the role as saved');

export async function rolesRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];
  const params = z.object({ id });
  const read = { permission: ['roles', 'access'] } as const;
  const denied = 'noPermissionRoleData' as const;

  app.get(
    '/role',
    {
      config: read,
      schema: {
        tags,
        querystring: z.object({ id_context_type: id.optional() }),
        response: { 200: z.array(RoleRowSchema).describe('The roles, optionally of one context type') },
      },
    },
    (req) => roles.listRoles(deps.db, req.query.id_context_type),
  );

  app.post(
    '/role',
    {
      config: { permission: ['roles', 'create'], denied },
      schema: { tags, body: RoleRequestSchema, response: { 200: savedRole } },
    },
    async (req) => ({
      message: translate('created', req.lng),
      data: await roles.createRole(deps.db, principalOf(req), req.body),
    }),
  );

  app.get(
    '/role/:id',
    { config: read, schema: { tags, params, response: { 200: RoleRowSchema.describe('The role') } } },
    (req) => roles.getRole(deps.db, req.params.id),
  );

  app.put(
    '/role/:id',
    {
      config: { permission: ['role', 'edit'], denied },
      schema: { tags, params, body: RoleRequestSchema, response: { 200: savedRole } },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await roles.updateRole(deps.db, principalOf(req), req.params.id, req.body),
    }),
  );

  app.delete(
    '/role/:id',
    {
      config: { permission: ['roles', 'delete'], denied },
      schema: { tags, params, response: { 200: MessageResponseSchema.describe('Deleted') } },
    },
    async (req) => {
      await roles.deleteRole(deps.db, principalOf(req), req.params.id);
      return { message: translate('deleted', req.lng) };
    },
  );

  app.get(
    '/subject',
    {
      config: read,
      schema: { tags, response: { 200: z.array(SubjectWithActionsSchema).describe('Screens and their actions') } },
    },
    async () => roles.listSubjects(),
  );

  app.get(
    '/permission',
    {
      config: { permission: ['role', 'tab_permissions'] },
      schema: {
        tags,
        querystring: z.object({ id_role: id, id_subject: id.optional() }),
        response: { 200: z.array(PermissionRowSchema).describe("The role's stored rules") },
      },
    },
    (req) => roles.listPermissions(deps.db, req.query.id_role, req.query.id_subject),
  );

  app.put(
    '/permission',
    {
      config: { permission: ['role', 'tab_permissions'], denied: 'noPermissionPermissions' },
      schema: {
        tags,
        body: PermissionUpsertSchema,
        response: { 200: savedOf(PermissionRowSchema).describe('The notice and the rule as saved') },
      },
    },
    async (req) => ({
      message: translate('saved', req.lng),
      data: await roles.upsertPermission(deps.db, principalOf(req), req.body),
    }),
  );
}
