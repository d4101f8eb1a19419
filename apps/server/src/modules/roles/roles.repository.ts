import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import type { Scope } from '../../lib/scope';

/** Roles are shared by every school: only a caller of system scope writes them. */
function assertSystemScope(scope: Scope) {
  if (scope.id_school !== null) throw forbidden('noPermissionRoleData');
}

const roleColumns = {
  id_role: s.role.id_role,
  id_context_type: s.role.id_context_type,
  context_type_name: s.contextType.name,
  name: s.role.name,
  type: s.role.type,
  description: s.role.description,
  isActive: s.role.isActive,
};

const selectRoles = (db: Executor, where?: SQL) =>
  db
    .select(roleColumns)
    .from(s.role)
    .innerJoin(s.contextType, eq(s.contextType.id_context_type, s.role.id_context_type))
    .where(where);

export const listRoles = (db: Executor, id_context_type?: number) =>
  selectRoles(db, id_context_type ? eq(s.role.id_context_type, id_context_type) : undefined).orderBy(
    asc(s.role.id_context_type),
    asc(s.role.name),
  );

export const findRole = async (db: Executor, id_role: number) =>
  (await selectRoles(db, eq(s.role.id_role, id_role)))[0];

export const findRoleByName = async (db: Executor, name: string) =>
  (await db.select().from(s.role).where(eq(s.role.name, name)))[0];

export async function insertRole(db: Executor, scope: Scope, values: typeof s.role.$inferInsert) {
  assertSystemScope(scope);
  const [row] = await db.insert(s.role).values(values).returning({ id_role: s.role.id_role });
  return row.id_role;
}

export async function updateRole(
  db: Executor,
  scope: Scope,
  id_role: number,
  values: Partial<typeof s.role.$inferInsert>,
) {
  assertSystemScope(scope);
  await db.update(s.role).set(values).where(eq(s.role.id_role, id_role));
}

export async function deleteRole(db: Executor, scope: Scope, id_role: number) {
  assertSystemScope(scope);
  await db.delete(s.role).where(eq(s.role.id_role, id_role));
}

export async function usersWithRole(db: Executor, id_role: number) {
  const [{ n }] = await db.select({ n: count() }).from(s.user).where(eq(s.user.id_role, id_role));
  return n;
}

export function listPermissions(db: Executor, id_role: number, id_subject?: number) {
  const where = and(
    eq(s.permission.id_role, id_role),
    id_subject ? eq(s.permission.id_subject, id_subject) : undefined,
  );
  return db
    .select({
      id_permission: s.permission.id_permission,
      id_role: s.permission.id_role,
      id_subject: s.permission.id_subject,
      id_action: s.permission.id_action,
      isActive: s.permission.isActive,
      subject: s.subject.name,
      action: s.action.name,
    })
    .from(s.permission)
    .innerJoin(s.subject, eq(s.subject.id_subject, s.permission.id_subject))
    .innerJoin(s.action, eq(s.action.id_action, s.permission.id_action))
    .where(where)
    .orderBy(asc(s.permission.id_subject), asc(s.permission.id_action));
}

export async function upsertPermission(
  db: Executor,
  scope: Scope,
  values: { id_role: number; id_subject: number; id_action: number; isActive: boolean },
) {
  const [row] = await db
    .insert(s.permission)
    .values(values)
    .onConflictDoUpdate({
      target: [s.permission.id_role, s.permission.id_subject, s.permission.id_action],
      set: { isActive: values.isActive },
    })
    .returning();
  return row;
}
