import { randomUUID } from 'node:crypto';
import type { LoginResponse, LoginRequest, RefreshRequest, ResetPasswordRequest } from '@openseat/shared/schemas/auth';
import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, forbidden, unauthorized } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { decoy, hashPassword, isCommonPassword, verifyPassword } from '../../lib/password';
import type { Secrets } from '../../lib/secrets';
import { buildPrincipal, mayEnterSchool, presentSessionUser, type Principal } from './auth.principal';
import * as repo from './auth.repository';
import type { UserRecord } from './auth.repository';
import { REFRESH_FAMILY_TTL_MS, REFRESH_TOKEN_TTL_MS, signAccessToken, signDataToken, verifyAccessToken } from './auth.tokens';
import { resetPasswordMail } from './auth.mails';

export type AuthDeps = { db: Db; secrets: Secrets; mailer: Mailer; publicUrl: string; log: (msg: string, err?: unknown) => void };

export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;
const RESET_TTL_MS = 60 * 60 * 1000;

const isLocked = (user: UserRecord) => user.lockedUntil !== null && user.lockedUntil.getTime() > Date.now();

export async function login(deps: AuthDeps, input: LoginRequest, ip: string): Promise<LoginResponse> {
  const user = await repo.findUserByEmail(deps.db, input.email);
  if (!user) {
    await verifyPassword(await decoy(), input.password);
    throw new AppError('UNAUTHORIZED', 'invalidCredentials');
  }
  if (isLocked(user)) throw new AppError('TOO_MANY_REQUESTS', 'accountLocked');
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await repo.recordFailedLogin(deps.db, user.id_user, LOCK_AFTER_FAILURES, LOCK_MINUTES);
    await writeAudit(deps.db, { id_user: user.id_user, id_school: user.id_school, ip }, { action: 'auth.login_failed', entity: 'user', entityId: user.id_user });
    throw new AppError('UNAUTHORIZED', 'invalidCredentials');
  }
  if (!user.isActive) throw new AppError('UNAUTHORIZED', 'accountInactive');
  await repo.clearFailedLogins(deps.db, user.id_user);
  await writeAudit(deps.db, { id_user: user.id_user, id_school: user.id_school, ip }, { action: 'auth.login', entity: 'user', entityId: user.id_user });
  return startSession(deps, user, null, randomUUID(), Date.now() + REFRESH_FAMILY_TTL_MS);
}

export async function loginWithSchool(deps: AuthDeps, caller: Principal, id_user: number, id_school: number, ip: string): Promise<LoginResponse> {
  if (caller.id_user !== id_user) throw forbidden();
  const user = await repo.findUserById(deps.db, id_user);
  if (!user || !(await mayEnterSchool(deps.db, user, id_school))) throw forbidden('schoolNotAllowed');
  await writeAudit(deps.db, { id_user, id_school, ip }, { action: 'auth.login_with_school', entity: 'school', entityId: id_school });
  return startSession(deps, user, id_school, randomUUID(), Date.now() + REFRESH_FAMILY_TTL_MS);
}

/** Issues an access token, a data token and a new refresh token of `family`. */
async function startSession(deps: AuthDeps, user: UserRecord, chosenSchool: number | null, family: string, familyExpiresAt: number): Promise<LoginResponse> {
  const refreshToken = randomToken();
  await repo.insertRefreshToken(deps.db, {
    id_user: user.id_user,
    family,
    tokenHash: sha256(refreshToken),
    id_school: chosenSchool,
    familyExpiresAt: new Date(familyExpiresAt),
    expiresAt: new Date(Math.min(Date.now() + REFRESH_TOKEN_TTL_MS, familyExpiresAt)),
  });
  const principal = await buildPrincipal(deps.db, user, chosenSchool);
  const sessionUser = await presentSessionUser(deps.db, user, principal);
  return {
    accessToken: await signAccessToken(deps.secrets.jwtSecret, { id_user: user.id_user, tokenVersion: user.tokenVersion, id_school_chosen: chosenSchool }),
    refreshToken,
    dataToken: await signDataToken(deps.secrets.jwtSecret, sessionUser),
    user: sessionUser,
    permissions: principal.rules,
  };
}

type RefreshOutcome = { ok: true; user: UserRecord; chosenSchool: number | null; family: string; familyExpiresAt: number } | { ok: false; reuse: boolean };

/** Rotates a refresh token. A spent token presented again revokes its whole family (stolen-token defence). */
export async function refresh(deps: AuthDeps, input: RefreshRequest): Promise<LoginResponse> {
  const outcome = await deps.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const stored = await repo.findRefreshToken(tx, sha256(input.refreshToken));
    if (!stored || stored.id_user !== input.id_user || stored.revokedAt) return { ok: false, reuse: false };
    if (stored.usedAt || !(await repo.spendRefreshToken(tx, stored.id_refresh_token))) {
      await repo.revokeFamily(tx, stored.family);
      return { ok: false, reuse: true };
    }
    if (stored.expiresAt.getTime() <= Date.now() || stored.familyExpiresAt.getTime() <= Date.now()) return { ok: false, reuse: false };
    const user = await repo.findUserById(tx, stored.id_user);
    if (!user || !user.isActive) return { ok: false, reuse: false };
    return { ok: true, user, chosenSchool: stored.id_school, family: stored.family, familyExpiresAt: stored.familyExpiresAt.getTime() };
  });
  if (!outcome.ok) {
    if (outcome.reuse) deps.log(`refresh token reuse for user ${input.id_user}: family revoked`);
    throw unauthorized();
  }
  return startSession(deps, outcome.user, outcome.chosenSchool, outcome.family, outcome.familyExpiresAt);
}

export async function logout(deps: AuthDeps, refreshToken: string): Promise<void> {
  const stored = await repo.findRefreshToken(deps.db, sha256(refreshToken));
  if (stored) await repo.revokeFamily(deps.db, stored.family);
}

/** Resolves a bearer token to the caller; 409 when expired, 401 when invalid, revoked or inactive. */
export async function authenticate(deps: Pick<AuthDeps, 'db' | 'secrets'>, token: string): Promise<Principal> {
  const claims = await verifyAccessToken(deps.secrets.jwtSecret, token);
  const user = await repo.findUserById(deps.db, claims.id_user);
  if (!user || !user.isActive || user.tokenVersion !== claims.tokenVersion) throw unauthorized();
  if (claims.id_school_chosen !== null && !(await mayEnterSchool(deps.db, user, claims.id_school_chosen))) throw unauthorized();
  return buildPrincipal(deps.db, user, claims.id_school_chosen);
}

export async function describeSession(deps: Pick<AuthDeps, 'db'>, principal: Principal) {
  const user = await repo.findUserById(deps.db, principal.id_user);
  if (!user) throw unauthorized();
  return { user: await presentSessionUser(deps.db, user, principal), permissions: principal.rules };
}

/** Same answer, and similar work, for known and unknown e-mails. The mail leaves after the response. */
export async function requestPasswordRecovery(deps: AuthDeps, email: string, lng: string): Promise<void> {
  const token = randomToken();
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user || !user.isActive) return;
  await repo.insertResetToken(deps.db, { id_user: user.id_user, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
  await writeAudit(deps.db, { id_user: user.id_user, id_school: user.id_school }, { action: 'auth.recovery_requested', entity: 'user', entityId: user.id_user });
  const link = `${deps.publicUrl}/resetpassword?token=${encodeURIComponent(token)}`;
  deps.mailer.send(resetPasswordMail(user.email, user.name, link, lng)).catch((err) => deps.log('password recovery mail failed', err));
}

export async function resetPassword(deps: AuthDeps, input: ResetPasswordRequest): Promise<void> {
  if (isCommonPassword(input.password)) throw new AppError('VALIDATION', 'passwordCommon', [{ path: 'password', message: 'passwordCommon' }]);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const id_user = await repo.spendResetToken(tx, sha256(input.token));
    if (id_user === null) throw new AppError('VALIDATION', 'resetLinkInvalid');
    await repo.setPasswordHash(tx, id_user, passwordHash);
    await repo.revokeAllOfUser(tx, id_user);
    await writeAudit(tx, { id_user, id_school: null }, { action: 'auth.password_reset', entity: 'user', entityId: id_user });
  });
}
