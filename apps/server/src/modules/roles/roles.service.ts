import { ACTIONS, SUBJECTS, SUBJECT_ACTIONS, actionId, subjectId, type Action, type Subject } from '@openseat/shared/permissions';
import { CONTEXT_TYPE, SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import type { MessageKey } from '@openseat/shared/messages';
import type { PermissionUpsert, RoleRequest } from '@openseat/shared/schemas/roles';
import type { Db } from '../../db/client';
import { diff, writeAudit } from '../../lib/audit';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.principal';
import * as repo from './roles.repository';

/** Roles are shared by every school: only system users change them. */
function assertMayChangeRoles(caller: Principal, denied: MessageKey) {
  if (caller.id_context_type !== CONTEXT_TYPE.SYSTEM || caller.schoolSwitch) throw forbidden(denied);
}

export const listRoles = (db: Db, id_context_type?: number) => repo.listRoles(db, id_context_type);

export async function getRole(db: Db, id_role: number) {
  const role = await repo.findRole(db, id_role);
  if (!role) throw notFound();
  return role;
}

async function assertNameFree(db: Db, name: string, exceptRole?: number) {
  const existing = await repo.findRoleByName(db, name);
  if (existing && existing.id_role !== exceptRole) throw badRequest('roleNameTaken', [{ path: 'name', message: 'roleNameTaken' }]);
}

export async function createRole(db: Db, caller: Principal, input: RoleRequest) {
  assertMayChangeRoles(caller, 'noPermissionRoleData');
  await assertNameFree(db, input.name);
  return db.transaction(async (tx) => {
    const id_role = await repo.insertRole(tx, input);
    await writeAudit(tx, caller, { action: 'role.create', entity: 'role', entityId: id_role, changes: input });
    return (await repo.findRole(tx, id_role))!;
  });
}

export async function updateRole(db: Db, caller: Principal, id_role: number, input: RoleRequest) {
  assertMayChangeRoles(caller, 'noPermissionRoleData');
  const before = await getRole(db, id_role);
  if (before.name === SUPER_ADMIN_ROLE) throw forbidden('roleProtected');
  await assertNameFree(db, input.name, id_role);
  return db.transaction(async (tx) => {
    await repo.updateRole(tx, id_role, input);
    await writeAudit(tx, caller, { action: 'role.update', entity: 'role', entityId: id_role, changes: diff(before, input) });
    return (await repo.findRole(tx, id_role))!;
  });
}

export async function deleteRole(db: Db, caller: Principal, id_role: number) {
  assertMayChangeRoles(caller, 'noPermissionRoleData');
  const role = await getRole(db, id_role);
  if (role.name === SUPER_ADMIN_ROLE) throw forbidden('roleProtected');
  if ((await repo.usersWithRole(db, id_role)) > 0) throw new AppError('CONFLICT', 'roleInUse');
  await db.transaction(async (tx) => {
    await repo.deleteRole(tx, id_role);
    await writeAudit(tx, caller, { action: 'role.delete', entity: 'role', entityId: id_role, changes: { name: role.name } });
  });
}

/** Screens with the actions each offers (the permissions tab of a role). */
export const listSubjects = () =>
  SUBJECTS.map((name) => ({ id_subject: subjectId(name), name, actions: SUBJECT_ACTIONS[name].map((a) => ({ id_action: actionId(a), name: a })) }));

export async function listPermissions(db: Db, id_role: number, id_subject?: number) {
  await getRole(db, id_role);
  return repo.listPermissions(db, id_role, id_subject);
}

export async function upsertPermission(db: Db, caller: Principal, input: PermissionUpsert) {
  assertMayChangeRoles(caller, 'noPermissionPermissions');
  const role = await getRole(db, input.id_role);
  if (role.name === SUPER_ADMIN_ROLE) throw forbidden('roleProtected');
  const subject = SUBJECTS[input.id_subject - 1] as Subject | undefined;
  const action = ACTIONS[input.id_action - 1] as Action | undefined;
  if (!subject || !action || !SUBJECT_ACTIONS[subject].includes(action)) throw badRequest('actionNotOffered', [{ path: 'id_action', message: 'actionNotOffered' }]);
  return db.transaction(async (tx) => {
    const row = await repo.upsertPermission(tx, { id_role: input.id_role, id_subject: input.id_subject, id_action: input.id_action, isActive: input.isActive });
    await writeAudit(tx, caller, { action: 'permission.upsert', entity: 'permission', entityId: row.id_permission, changes: { role: role.name, subject, action, isActive: input.isActive } });
    return { ...row, subject, action };
  });
}
