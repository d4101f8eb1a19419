import { CONTEXT_TYPE, SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import type { CreateUserRequest, UpdateUserRequest, UserListQuery } from '@openseat/shared/schemas/users';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../../lib/audit';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { hashPassword, isCommonPassword } from '../../lib/password';
import { canSeeCampus, canSeeSchool } from '../../lib/scope';
import type { Principal } from '../auth/auth.principal';
import { bumpTokenVersion, revokeAllOfUser } from '../auth/auth.repository';
import { presentUser } from './users.presenter';
import * as repo from './users.repository';

type Placement = { id_context_type: number; id_school: number | null; id_campus: number | null; isAllCampuses: boolean; schoolIds: number[] };
type PlacementInput = Pick<CreateUserRequest, 'id_role' | 'id_school' | 'id_campus' | 'isAllCampuses' | 'schoolIds'>;

/**
 * Where a new or changed user may be placed by this caller (ASVS 8.2.3): the role decides the context;
 * the school/campus must be inside the caller's scope; nobody but a SuperAdmin hands out SuperAdmin, and
 * only system callers create system users.
 */
async function placementFor(db: Executor, caller: Principal, input: PlacementInput): Promise<Placement> {
  const role = await repo.findRole(db, input.id_role);
  if (!role || !role.isActive) throw badRequest('invalidValue', [{ path: 'id_role', message: 'invalidValue' }]);
  if (role.name === SUPER_ADMIN_ROLE && caller.roleName !== SUPER_ADMIN_ROLE) throw forbidden();
  const scope = caller.scope;
  switch (role.id_context_type) {
    case CONTEXT_TYPE.SYSTEM:
      if (scope.id_school !== null) throw forbidden();
      return { id_context_type: CONTEXT_TYPE.SYSTEM, id_school: null, id_campus: null, isAllCampuses: true, schoolIds: [] };
    case CONTEXT_TYPE.SCHOOL_MAINTAINER: {
      if (input.schoolIds.length === 0) throw badRequest('required', [{ path: 'schoolIds', message: 'required' }]);
      for (const id of input.schoolIds) if (!canSeeSchool(scope, id) || scope.campusIds !== null || !(await repo.schoolExists(db, id))) throw forbidden();
      return { id_context_type: CONTEXT_TYPE.SCHOOL_MAINTAINER, id_school: null, id_campus: null, isAllCampuses: true, schoolIds: input.schoolIds };
    }
    case CONTEXT_TYPE.SCHOOL: {
      const id_school = input.id_school ?? scope.id_school;
      if (id_school === null) throw badRequest('required', [{ path: 'id_school', message: 'required' }]);
      if (!canSeeSchool(scope, id_school) || scope.campusIds !== null || !(await repo.schoolExists(db, id_school))) throw forbidden();
      return { id_context_type: CONTEXT_TYPE.SCHOOL, id_school, id_campus: null, isAllCampuses: true, schoolIds: [] };
    }
    default: {
      if (!input.id_campus) throw badRequest('required', [{ path: 'id_campus', message: 'required' }]);
      const campus = await repo.findCampus(db, input.id_campus);
      if (!campus || !canSeeCampus(scope, campus.id_school, campus.id_campus)) throw forbidden();
      return { id_context_type: CONTEXT_TYPE.CAMPUS, id_school: campus.id_school, id_campus: campus.id_campus, isAllCampuses: input.isAllCampuses, schoolIds: [] };
    }
  }
}

async function present(db: Executor, rows: repo.UserListRow[]) {
  const schools = await repo.maintainedSchoolsOf(db, rows.map((r) => r.id_user));
  return rows.map((r) => presentUser(r, schools.filter((s) => s.id_user === r.id_user).map(({ id_school, name }) => ({ id_school, name }))));
}

export async function listUsers(db: Db, caller: Principal, query: UserListQuery) {
  const { rows, total } = await repo.listUsers(db, caller.scope, { tab: query.tab, text: query.text, id_school: query.id_school, id_campus: query.id_campus }, query.page, query.pageSize);
  return { data: await present(db, rows), total, page: query.page, pageSize: query.pageSize };
}

export async function listCampusUsers(db: Db, caller: Principal) {
  const { rows } = await repo.listUsers(db, caller.scope, { onlyCampusUsers: true }, 0, 1000);
  return present(db, rows);
}

export async function getUser(db: Executor, caller: Principal, id_user: number) {
  const row = await repo.findUser(db, caller.scope, id_user);
  if (!row) throw notFound();
  return (await present(db, [row]))[0];
}

async function assertEmailFree(db: Executor, email: string, exceptUser?: number) {
  if (await repo.emailTaken(db, email, exceptUser)) throw badRequest('emailTaken', [{ path: 'email', message: 'emailTaken' }]);
}

export async function createUser(db: Db, caller: Principal, input: CreateUserRequest) {
  if (isCommonPassword(input.password)) throw badRequest('passwordCommon', [{ path: 'password', message: 'passwordCommon' }]);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const placement = await placementFor(tx, caller, input);
    await assertEmailFree(tx, input.email);
    const { schoolIds, ...where } = placement;
    const id_user = await repo.insertUser(tx, { name: input.name, email: input.email, telephone: input.telephone, id_role: input.id_role, passwordHash, ...where });
    await repo.setMaintainedSchools(tx, id_user, schoolIds);
    await writeAudit(tx, caller, { action: 'user.create', entity: 'user', entityId: id_user, id_school: where.id_school, changes: { name: input.name, email: input.email, id_role: input.id_role, ...placement } });
    return getUser(tx, caller, id_user);
  });
}

export async function updateUser(db: Db, caller: Principal, input: UpdateUserRequest, photo: string | null) {
  return db.transaction(async (tx) => {
    const before = await repo.findUser(tx, caller.scope, input.id_user);
    if (!before) throw notFound();
    if (before.roleName === SUPER_ADMIN_ROLE && caller.roleName !== SUPER_ADMIN_ROLE) throw forbidden();
    const placement = await placementFor(tx, caller, input);
    await assertEmailFree(tx, input.email, input.id_user);
    const { schoolIds, ...where } = placement;
    const change = { name: input.name, email: input.email, telephone: input.telephone, id_role: input.id_role, isActive: input.isActive, ...where, ...(photo ? { photo } : {}) };
    await repo.updateUser(tx, input.id_user, change);
    await repo.setMaintainedSchools(tx, input.id_user, schoolIds);
    if (!input.isActive || before.id_role !== input.id_role) await endSessions(tx, input.id_user);
    await writeAudit(tx, caller, { action: 'user.update', entity: 'user', entityId: input.id_user, id_school: where.id_school, changes: diff(before, change) });
    return getUser(tx, caller, input.id_user);
  });
}

async function endSessions(db: Executor, id_user: number) {
  await bumpTokenVersion(db, id_user);
  await revokeAllOfUser(db, id_user);
}

/** Users are deactivated, never erased: their history (notes, status moves) keeps its author. */
export async function deactivateUser(db: Db, caller: Principal, id_user: number) {
  await db.transaction(async (tx) => {
    const user = await repo.findUser(tx, caller.scope, id_user);
    if (!user) throw notFound();
    if (user.id_user === caller.id_user) throw new AppError('CONFLICT', 'conflict');
    if (user.roleName === SUPER_ADMIN_ROLE && caller.roleName !== SUPER_ADMIN_ROLE) throw forbidden();
    await repo.updateUser(tx, id_user, { isActive: false });
    await endSessions(tx, id_user);
    await writeAudit(tx, caller, { action: 'user.deactivate', entity: 'user', entityId: id_user, id_school: user.id_school });
  });
}

export async function photoOf(db: Db, caller: Principal, id_user: number): Promise<string> {
  const user = await repo.findUser(db, caller.scope, id_user);
  if (!user?.photo) throw notFound();
  return user.photo;
}
