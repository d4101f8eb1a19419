import { SUBJECT_ACTIONS, actionById, subjectById, type Action, type Subject } from '@openseat/shared/permissions';
import { CONTEXT_TYPE, SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import type { MessageKey } from '@openseat/shared/messages';
import type { PermissionUpsert, RoleRequest } from '@openseat/shared/schemas/roles';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../audit/audit.service';
import { badRequest, forbidden, notFound, conflict } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { presentPermission, presentRole, presentSubjects } from './roles.presenter';
import * as repo from './roles.repository';

/**
 * Roles are shared by every school: only a system caller (not working inside a school it switched to) whose role
 * can manage roles changes them, and never its own role: otherwise a support role could widen itself.
 */
function assertManagesRoles(caller: Principal, denied: MessageKey) {
  const system = caller.id_context_type === CONTEXT_TYPE.SYSTEM && !caller.schoolSwitch;
  if (!system || !caller.ability.can('edit', 'roles')) throw forbidden(denied);
}

function assertNotOwnRole(caller: Principal, id_role: number) {
  if (caller.id_role === id_role && caller.roleName !== SUPER_ADMIN_ROLE) throw forbidden('roleOwn');
}

export const listRoles = async (db: Db, id_context_type?: number) =>
  (await repo.listRoles(db, id_context_type)).map(presentRole);

async function findRole(db: Executor, id_role: number) {
  const role = await repo.findRole(db, id_role);
  if (!role) throw notFound();
  return role;
}

export const getRole = async (db: Db, id_role: number) => presentRole(await findRole(db, id_role));

async function assertNameFree(db: Executor, name: string, exceptRole?: number) {
  const existing = await repo.findRoleByName(db, name);
  if (existing && existing.id_role !== exceptRole)
    throw badRequest('roleNameTaken', [{ path: 'name', message: 'roleNameTaken' }]);
}

export async function createRole(db: Db, caller: Principal, input: RoleRequest) {
  assertManagesRoles(caller, 'noPermissionRoleData');
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const id_role = await repo.insertRole(tx, caller.scope, input);
    await writeAudit(tx, caller, { action: 'role.create', entity: 'role', entityId: id_role, changes: input });
    return presentRole(await findRole(tx, id_role));
  });
}

/** Name, type, description and context need roles/edit; switching a role on or off also role/enable_disable. */
export async function updateRole(db: Db, caller: Principal, id_role: number, input: RoleRequest) {
  assertManagesRoles(caller, 'noPermissionRoleData');
  assertNotOwnRole(caller, id_role);
  return db.transaction(async (tx) => {
    const before = await findRole(tx, id_role);
    if (before.name === SUPER_ADMIN_ROLE) throw forbidden('roleProtected');
    if (input.isActive !== before.isActive && !caller.ability.can('enable_disable', 'role'))
      throw forbidden('noPermissionRoleData');
    await assertNameFree(tx, input.name, id_role);
    await repo.updateRole(tx, caller.scope, id_role, input);
    await writeAudit(tx, caller, {
      action: 'role.update',
      entity: 'role',
      entityId: id_role,
      changes: diff(before, input),
    });
    return presentRole(await findRole(tx, id_role));
  });
}

export async function deleteRole(db: Db, caller: Principal, id_role: number) {
  assertManagesRoles(caller, 'noPermissionRoleData');
  assertNotOwnRole(caller, id_role);
  await db.transaction(async (tx) => {
    const role = await findRole(tx, id_role);
    if (role.name === SUPER_ADMIN_ROLE) throw forbidden('roleProtected');
    if ((await repo.usersWithRole(tx, id_role)) > 0) throw conflict('roleInUse');
    await repo.deleteRole(tx, caller.scope, id_role);
    await writeAudit(tx, caller, {
      action: 'role.delete',
      entity: 'role',
      entityId: id_role,
      changes: { name: role.name },
    });
  });
}

export const listSubjects = presentSubjects;

export async function listPermissions(db: Db, id_role: number, id_subject?: number) {
  await findRole(db, id_role);
  const rows = await repo.listPermissions(db, id_role, id_subject);
  return rows.map((row) => presentPermission(row, row.subject, row.action));
}

/** The subject and action of a permission, by their permanent ids; only an action the screen offers. */
function ruleOf(input: PermissionUpsert): { subject: Subject; action: Action } {
  const subject = subjectById(input.id_subject);
  const action = actionById(input.id_action);
  if (!subject || !action || !SUBJECT_ACTIONS[subject].includes(action))
    throw badRequest('actionNotOffered', [{ path: 'id_action', message: 'actionNotOffered' }]);
  return { subject, action };
}

/** Turns one rule of a role on or off. Granting needs the caller to hold that rule itself. */
export async function upsertPermission(db: Db, caller: Principal, input: PermissionUpsert) {
  assertManagesRoles(caller, 'noPermissionPermissions');
  assertNotOwnRole(caller, input.id_role);
  const { subject, action } = ruleOf(input);
  if (input.isActive && !caller.ability.can(action, subject)) throw forbidden('permissionNotHeld');
  return db.transaction(async (tx) => {
    const role = await findRole(tx, input.id_role);
    if (role.name === SUPER_ADMIN_ROLE) throw forbidden('roleProtected');
    const row = await repo.upsertPermission(tx, caller.scope, {
      id_role: input.id_role,
      id_subject: input.id_subject,
      id_action: input.id_action,
      isActive: input.isActive,
    });
    await writeAudit(tx, caller, {
      action: 'permission.upsert',
      entity: 'permission',
      entityId: row.id_permission,
      changes: { role: role.name, subject, action, isActive: input.isActive },
    });
    return presentPermission(row, subject, action);
  });
}
