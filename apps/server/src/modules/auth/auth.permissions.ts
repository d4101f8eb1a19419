import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { Executor } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { Principal } from './auth.principal';
import * as repo from './auth.repository';

/** The spec's GET /auth/permissions?rolename=: own role for everyone, any role for system users. */
export async function rulesOfRoleName(db: Executor, caller: Principal, roleName: string) {
  if (caller.roleName !== roleName && caller.id_context_type !== CONTEXT_TYPE.SYSTEM) throw forbidden();
  const role = await repo.findRoleByName(db, roleName);
  if (!role) throw notFound();
  return repo.findRoleRules(db, role.id_role);
}
