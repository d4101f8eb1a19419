import { CONTEXT_TYPE, SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import type { Action, Subject } from '@openseat/shared/permissions';
import { assignableContextTypes, mayGrantAllCampuses } from '@openseat/shared/role-levels';
import type { RoleRow } from '@openseat/shared/schemas/roles';
import { UpdateUserRequestSchema, type CreateUserRequest, type UserListQuery } from '@openseat/shared/schemas/users';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../audit/audit.service';
import { findCampusRef } from '../campuses/campus-ref.service';
import { badRequest, forbidden, notFound, conflict } from '../../lib/errors';
import { hashPassword, isCommonPassword } from '../../lib/password';
import { canSeeCampus, canSeeSchool, type Scope } from '../../lib/scope';
import { readUploadForm, withStoredImage, type UploadForm } from '../../lib/form-upload';
import type { Principal } from '../auth/auth.types';
import { endAllSessions, findRoleRules } from '../auth/auth.service';
import { listRoles } from '../roles/roles.service';
import { presentUsers } from './users.presenter';
import * as repo from './users.repository';

/** Where a user works: what its reach is compared on, with its role's rules. */
type Placement = {
  id_context_type: number;
  id_school: number | null;
  id_campus: number | null;
  isAllCampuses: boolean;
  schoolIds: number[];
};
type PlacementInput = Pick<CreateUserRequest, 'id_school' | 'id_campus' | 'isAllCampuses' | 'schoolIds'>;
type Role = NonNullable<Awaited<ReturnType<typeof repo.findRole>>>;

const beyondReach = () => forbidden('userBeyondReach');

/** Does the caller reach every school and campus a user placed here would reach? */
function callerReaches(caller: Principal, placement: Placement): boolean {
  const scope = caller.scope;
  switch (placement.id_context_type) {
    case CONTEXT_TYPE.SYSTEM:
      return scope.id_school === null;
    case CONTEXT_TYPE.SCHOOL_MAINTAINER:
      return scope.campusIds === null && placement.schoolIds.every((id) => canSeeSchool(scope, id));
    case CONTEXT_TYPE.SCHOOL:
      return scope.campusIds === null && canSeeSchool(scope, placement.id_school);
    default:
      return (
        canSeeCampus(scope, placement.id_school, placement.id_campus) &&
        (!placement.isAllCampuses || mayGrantAllCampuses(caller))
      );
  }
}

/**
 * A role the caller may hand out (ASVS 8.2.3): SuperAdmin only from a SuperAdmin, and otherwise no rule the
 * caller does not hold itself, so nobody mints a user that can do more than its maker.
 */
async function mayGiveRole(db: Executor, caller: Principal, role: Pick<Role, 'id_role' | 'name' | 'id_context_type'>) {
  if (!assignableContextTypes(caller).includes(role.id_context_type)) return false;
  if (caller.roleName === SUPER_ADMIN_ROLE) return true;
  if (role.name === SUPER_ADMIN_ROLE) return false;
  const rules = await findRoleRules(db, role.id_role);
  return rules.every((r) => caller.ability.can(r.action as Action, r.subject as Subject));
}

async function assertRoleWithin(db: Executor, caller: Principal, role: Role) {
  if (!(await mayGiveRole(db, caller, role))) throw beyondReach();
}

/** The active roles the caller may give in the user dialog: the same test a save passes. */
export async function listAssignableRoles(db: Db, caller: Principal): Promise<RoleRow[]> {
  if (!caller.ability.can('create', 'users') && !caller.ability.can('edit', 'users')) throw forbidden();
  const roles = (await listRoles(db)).filter((r) => r.isActive);
  const given = await Promise.all(roles.map((r) => mayGiveRole(db, caller, r)));
  return roles.filter((_, i) => given[i]);
}

async function activeRole(db: Executor, id_role: number): Promise<Role> {
  const role = await repo.findRole(db, id_role);
  if (!role || !role.isActive) throw badRequest('invalidValue', [{ path: 'id_role', message: 'invalidValue' }]);
  return role;
}

/** Where a new or changed user goes: the role decides the context; the caller's scope must reach all of it. */
async function placementFor(db: Executor, caller: Principal, input: PlacementInput, role: Role): Promise<Placement> {
  const scope = caller.scope;
  const nowhere = { id_school: null, id_campus: null, isAllCampuses: true, schoolIds: [] };
  let placement: Placement;
  switch (role.id_context_type) {
    case CONTEXT_TYPE.SYSTEM:
      placement = { id_context_type: CONTEXT_TYPE.SYSTEM, ...nowhere };
      break;
    case CONTEXT_TYPE.SCHOOL_MAINTAINER: {
      const schoolIds = [...new Set(input.schoolIds)];
      if (schoolIds.length === 0) throw badRequest('required', [{ path: 'schoolIds', message: 'required' }]);
      if ((await repo.schoolsInScope(db, scope, schoolIds)).length !== schoolIds.length) throw forbidden();
      placement = { id_context_type: CONTEXT_TYPE.SCHOOL_MAINTAINER, ...nowhere, schoolIds };
      break;
    }
    case CONTEXT_TYPE.SCHOOL: {
      const id_school = input.id_school ?? scope.id_school;
      if (id_school === null) throw badRequest('required', [{ path: 'id_school', message: 'required' }]);
      if ((await repo.schoolsInScope(db, scope, [id_school])).length !== 1) throw forbidden();
      placement = { id_context_type: CONTEXT_TYPE.SCHOOL, ...nowhere, id_school };
      break;
    }
    default: {
      if (!input.id_campus) throw badRequest('required', [{ path: 'id_campus', message: 'required' }]);
      const campus = await findCampusRef(db, scope, input.id_campus);
      if (!campus) throw forbidden();
      placement = {
        id_context_type: CONTEXT_TYPE.CAMPUS,
        id_school: campus.id_school,
        id_campus: campus.id_campus,
        isAllCampuses: input.isAllCampuses,
        schoolIds: [],
      };
    }
  }
  if (!callerReaches(caller, placement)) throw beyondReach();
  return placement;
}

/** A user that also serves a school outside the caller's scope belongs to a caller that covers them all. */
const sharedBeyond = (scope: Scope, servedSchools: number[]) =>
  scope.id_school !== null && servedSchools.some((id) => id !== scope.id_school);

/** The caller may change this stored user only if the user reaches no further than the caller. */
async function assertMayChange(db: Executor, caller: Principal, user: repo.UserListRow) {
  const served = await repo.servedSchoolIds(db, caller.scope, user.id_user);
  if (sharedBeyond(caller.scope, served)) throw forbidden('userSharedWithOtherSchools');
  const schoolIds = user.id_context_type === CONTEXT_TYPE.SCHOOL_MAINTAINER ? served : [];
  if (!callerReaches(caller, { ...user, schoolIds })) throw beyondReach();
  const role = await repo.findRole(db, user.id_role);
  if (role) await assertRoleWithin(db, caller, role);
}

async function present(db: Executor, caller: Principal, rows: repo.UserListRow[]) {
  const ids = rows.map((r) => r.id_user);
  return presentUsers(rows, await repo.maintainedSchoolsOf(db, caller.scope, ids));
}

export async function listUsers(db: Db, caller: Principal, query: UserListQuery) {
  const { rows, total } = await repo.listUsers(
    db,
    caller.scope,
    { tab: query.tab, text: query.text, id_school: query.id_school, id_campus: query.id_campus },
    query.page,
    query.pageSize,
  );
  return { data: await present(db, caller, rows), total, page: query.page, pageSize: query.pageSize };
}

export async function listCampusUsers(db: Db, caller: Principal) {
  const { rows } = await repo.listUsers(db, caller.scope, { onlyCampusUsers: true }, 0, 1000);
  return present(db, caller, rows);
}

export async function getUser(db: Executor, caller: Principal, id_user: number) {
  const row = await repo.findUser(db, caller.scope, id_user);
  if (!row) throw notFound();
  return (await present(db, caller, [row]))[0];
}

/** The users of the caller's scope for the CSV download; the export itself is audited. */
export async function exportUsers(db: Db, caller: Principal, query: Pick<UserListQuery, 'tab' | 'text'>) {
  await writeAudit(db, caller, {
    action: 'user.export',
    entity: 'user',
    changes: { tab: query.tab, text: query.text },
  });
  return repo.eachUser(db, caller.scope, { tab: query.tab, text: query.text });
}

async function assertEmailFree(db: Executor, email: string, exceptUser?: number) {
  if (await repo.emailTaken(db, email, exceptUser))
    throw badRequest('emailTaken', [{ path: 'email', message: 'emailTaken' }]);
}

export async function createUser(db: Db, caller: Principal, input: CreateUserRequest) {
  if (isCommonPassword(input.password))
    throw badRequest('passwordCommon', [{ path: 'password', message: 'passwordCommon' }]);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const role = await activeRole(tx, input.id_role);
    const placement = await placementFor(tx, caller, input, role);
    await assertRoleWithin(tx, caller, role);
    await assertEmailFree(tx, input.email);
    const { schoolIds, ...where } = placement;
    const id_user = await repo.insertUser(tx, caller.scope, {
      name: input.name,
      email: input.email,
      telephone: input.telephone,
      id_role: input.id_role,
      passwordHash,
      ...where,
    });
    await repo.setMaintainedSchools(tx, caller.scope, id_user, schoolIds);
    await writeAudit(tx, caller, {
      action: 'user.create',
      entity: 'user',
      entityId: id_user,
      id_school: where.id_school,
      changes: { name: input.name, email: input.email, id_role: input.id_role, ...placement },
    });
    return getUser(tx, caller, id_user);
  });
}

/**
 * Changes a user and, optionally, its photo (a JSON body or a multipart form). The new photo is stored first and
 * removed again if the change is refused or fails; the photo it replaces is removed after commit.
 */
export async function updateUser(db: Db, dataDir: string, caller: Principal, form: UploadForm) {
  const { data: input, image } = await readUploadForm(form, UpdateUserRequestSchema);
  await withStoredImage(dataDir, 'users', image, (photo) =>
    db.transaction(async (tx) => {
      const before = await repo.findUser(tx, caller.scope, input.id_user);
      if (!before) throw notFound();
      await assertMayChange(tx, caller, before);
      if (input.isActive !== before.isActive) {
        if (!caller.ability.can('enable_disable', 'users')) throw forbidden('noPermissionUserStatus');
        if (input.id_user === caller.id_user) throw conflict('conflict');
      }
      const role = await activeRole(tx, input.id_role);
      const placement = await placementFor(tx, caller, input, role);
      await assertRoleWithin(tx, caller, role);
      await assertEmailFree(tx, input.email, input.id_user);
      const { schoolIds, ...where } = placement;
      const change = {
        name: input.name,
        email: input.email,
        telephone: input.telephone,
        id_role: input.id_role,
        isActive: input.isActive,
        ...where,
        ...(photo ? { photo } : {}),
      };
      if (!(await repo.updateUser(tx, caller.scope, input.id_user, change))) throw notFound();
      await repo.setMaintainedSchools(tx, caller.scope, input.id_user, schoolIds);
      if (!input.isActive || before.id_role !== input.id_role) await endAllSessions(tx, input.id_user);
      await writeAudit(tx, caller, {
        action: 'user.update',
        entity: 'user',
        entityId: input.id_user,
        id_school: where.id_school,
        changes: diff(before, change),
      });
      return { result: undefined, replaced: photo ? before.photo : null };
    }),
  );
  return getUser(db, caller, input.id_user);
}

/**
 * Users are deactivated, never erased: their history (notes, status moves) keeps its author. A user that also
 * serves schools outside the caller's scope is only removed from the caller's school.
 */
export async function deactivateUser(db: Db, caller: Principal, id_user: number) {
  await db.transaction(async (tx) => {
    const user = await repo.findUser(tx, caller.scope, id_user);
    if (!user) throw notFound();
    if (user.id_user === caller.id_user) throw conflict('conflict');
    if (sharedBeyond(caller.scope, await repo.servedSchoolIds(tx, caller.scope, id_user))) {
      await repo.unlinkFromSchool(tx, caller.scope, id_user);
      await writeAudit(tx, caller, { action: 'user.unlink', entity: 'user', entityId: id_user });
      return;
    }
    await assertMayChange(tx, caller, user);
    await repo.updateUser(tx, caller.scope, id_user, { isActive: false });
    await endAllSessions(tx, id_user);
    await writeAudit(tx, caller, {
      action: 'user.deactivate',
      entity: 'user',
      entityId: id_user,
      id_school: user.id_school,
    });
  });
}

export async function photoOf(db: Db, caller: Principal, id_user: number): Promise<string> {
  const user = await repo.findUser(db, caller.scope, id_user);
  if (!user?.photo) throw notFound();
  return user.photo;
}
