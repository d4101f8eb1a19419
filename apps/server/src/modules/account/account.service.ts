import type { ChangePasswordRequest } from '@openseat/shared/schemas/auth';
import type { UpdateProfileRequest, UserConfigurationRequest } from '@openseat/shared/schemas/account';
import type { Db } from '../../db/client';
import { diff, writeAudit } from '../audit/audit.service';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors';
import { canSeeCampus } from '../../lib/scope';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/password';
import type { Principal } from '../auth/auth.types';
import * as auth from '../auth/auth.service';
import * as repo from './account.repository';

const present = (row: NonNullable<Awaited<ReturnType<typeof repo.findProfile>>>) => ({
  id_user: row.id_user,
  name: row.name,
  email: row.email,
  telephone: row.telephone,
  role: { id_role: row.id_role, name: row.roleName },
});

export async function getProfile(db: Db, caller: Principal) {
  const row = await repo.findProfile(db, caller.id_user);
  if (!row) throw notFound();
  return present(row);
}

export async function updateProfile(db: Db, caller: Principal, input: UpdateProfileRequest) {
  return db.transaction(async (tx) => {
    const before = await repo.findProfile(tx, caller.id_user);
    if (!before) throw notFound();
    await repo.updateProfile(tx, caller.id_user, input);
    await writeAudit(tx, caller, {
      action: 'user.update_profile',
      entity: 'user',
      entityId: caller.id_user,
      changes: diff(before, input),
    });
    return present({ ...before, ...input });
  });
}

/**
 * Checks the current password (throttled per account like sign-in), stores the new one, cancels unspent
 * reset links and ends every other sign-in; the caller's own session goes on.
 */
export async function changePassword(db: Db, caller: Principal, input: ChangePasswordRequest) {
  const user = await auth.findUserById(db, caller.id_user);
  if (!user) throw notFound();
  if (auth.isThrottled(user)) throw tooManyRequests('accountLocked');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await auth.recordFailedPassword(db, caller.id_user);
    throw badRequest('wrongCurrentPassword', [{ path: 'currentPassword', message: 'wrongCurrentPassword' }]);
  }
  if (isCommonPassword(input.newPassword))
    throw badRequest('passwordCommon', [{ path: 'newPassword', message: 'passwordCommon' }]);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await auth.replacePassword(tx, caller.id_user, passwordHash);
    await repo.revokeOtherSessions(tx, caller.id_user, caller.sessionId);
    await writeAudit(tx, caller, { action: 'user.change_password', entity: 'user', entityId: caller.id_user });
  });
}

export async function updateConfiguration(db: Db, caller: Principal, input: UserConfigurationRequest) {
  if (input.id_main_campus) {
    const id_school = await repo.findCampusSchool(db, input.id_main_campus);
    if (id_school === null || !canSeeCampus(caller.scope, id_school, input.id_main_campus)) throw notFound();
  }
  const row = await repo.upsertConfiguration(db, caller.id_user, input);
  return {
    id_user_configuration: row.id_user_configuration,
    id_user: row.id_user,
    id_main_campus: row.id_main_campus,
    id_main_school_year: row.id_main_school_year,
    lng: row.lng,
    theme: row.theme,
  };
}
