import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoginRequest, LoginResponse, ResetPasswordRequest } from '@openseat/shared/schemas/auth';
import type { Db, Executor } from '../../db/client';
import { writeAudit } from '../audit/audit.service';
import { randomToken, sha256 } from '../../lib/crypto';
import { badRequest, unauthorized, forbidden } from '../../lib/errors';
import { decoy, hashPassword, isCommonPassword, verifyPassword } from '../../lib/password';
import type { Secrets } from '../../lib/secrets';
import { buildPrincipal, presentSessionUser, principalOf, type Principal } from './auth.principal';
import * as repo from './auth.repository';
import type { UserRecord } from './auth.repository';
import { isThrottled, LOGIN_THROTTLE } from './auth.throttle';
import {
  familyOfRefreshToken,
  newRefreshToken,
  REFRESH_FAMILY_TTL_MS,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_MS,
  sealSuccessor,
  signAccessToken,
  signDataToken,
  unsealSuccessor,
  verifyAccessToken,
} from './auth.tokens';
import { resetPasswordMail } from './auth.mails';
import type { JobQueue } from '../../jobs/runner';
import { queueAccountMail } from '../account-mail/account-mail.service';

export type AuthDeps = {
  db: Db;
  secrets: Secrets;
  jobs: JobQueue;
  publicUrl: string;
  log: (msg: string, err?: unknown) => void;
};

const RESET_TTL_MS = 60 * 60 * 1000;
/** Recovery answers no sooner than this, so known and unknown e-mails take the same time. */
const RECOVERY_ANSWER_FLOOR_MS = 300;

/** A session handed to the client: the JSON body, and the refresh token the route puts in its cookie. */
export type IssuedSession = { response: LoginResponse; refreshToken: string; refreshExpiresAt: Date };

const invalidCredentials = () => unauthorized('invalidCredentials');

/**
 * Unknown e-mail, wrong password and throttled account get the same 401 after the same work (one argon2
 * verification each); only the right password of an active, unthrottled account signs in.
 */
export async function login(deps: AuthDeps, input: LoginRequest, ip: string): Promise<IssuedSession> {
  const user = await repo.findUserByEmail(deps.db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  if (!user || !passwordOk || isThrottled(user)) {
    if (user && !passwordOk) await repo.recordFailedAttempt(deps.db, user.id_user, LOGIN_THROTTLE);
    await writeAudit(
      deps.db,
      { id_user: user?.id_user ?? null, id_school: user?.id_school ?? null, ip },
      { action: 'auth.login_failed', entity: 'user', entityId: user?.id_user ?? null },
    );
    throw invalidCredentials();
  }
  if (!user.isActive) throw unauthorized('accountInactive');
  await repo.clearFailedLogins(deps.db, user.id_user);
  await writeAudit(
    deps.db,
    { id_user: user.id_user, id_school: user.id_school, ip },
    { action: 'auth.login', entity: 'user', entityId: user.id_user },
  );
  return startFamily(deps, user, null);
}

/** Enters a school: a new sign-in (family) scoped to it replaces the caller's current one. */
export async function loginWithSchool(
  deps: AuthDeps,
  caller: Principal,
  id_user: number,
  id_school: number,
  ip: string,
): Promise<IssuedSession> {
  if (caller.id_user !== id_user) throw forbidden();
  const user = await repo.findUserById(deps.db, id_user);
  if (!user || !(await repo.mayEnterSchool(deps.db, user, id_school))) throw forbidden('schoolNotAllowed');
  await writeAudit(
    deps.db,
    { id_user, id_school, ip },
    { action: 'auth.login_with_school', entity: 'school', entityId: id_school },
  );
  const session = await startFamily(deps, user, id_school);
  await repo.revokeFamily(deps.db, caller.sessionId);
  return session;
}

/** The first refresh token of a new family (one sign-in), and the session around it. */
async function startFamily(deps: AuthDeps, user: UserRecord, chosenSchool: number | null): Promise<IssuedSession> {
  const family = randomUUID();
  const familyExpiresAt = new Date(Date.now() + REFRESH_FAMILY_TTL_MS);
  const token = await insertToken(deps.db, user.id_user, family, chosenSchool, familyExpiresAt);
  return present(deps, user, chosenSchool, family, token);
}

type StoredToken = { refreshToken: string; expiresAt: Date };

async function insertToken(
  db: Executor,
  id_user: number,
  family: string,
  id_school: number | null,
  familyExpiresAt: Date,
): Promise<StoredToken> {
  const refreshToken = newRefreshToken(family);
  const expiresAt = new Date(Math.min(Date.now() + REFRESH_TOKEN_TTL_MS, familyExpiresAt.getTime()));
  await repo.insertRefreshToken(db, {
    id_user,
    family,
    tokenHash: sha256(refreshToken),
    id_school,
    familyExpiresAt,
    expiresAt,
  });
  return { refreshToken, expiresAt };
}

/** Access token, data token, user and permissions of a session whose refresh token is already stored. */
async function present(
  deps: AuthDeps,
  user: UserRecord,
  chosenSchool: number | null,
  family: string,
  token: StoredToken,
): Promise<IssuedSession> {
  const principal = await buildPrincipal(deps.db, user, chosenSchool, family);
  const sessionUser = await presentSessionUser(deps.db, user, principal);
  const accessToken = await signAccessToken(deps.secrets.jwtSecret, {
    id_user: user.id_user,
    tokenVersion: user.tokenVersion,
    id_school_chosen: chosenSchool,
    sessionId: family,
  });
  return {
    response: {
      accessToken,
      dataToken: await signDataToken(deps.secrets.jwtSecret, sessionUser),
      user: sessionUser,
      permissions: principal.rules,
    },
    refreshToken: token.refreshToken,
    refreshExpiresAt: token.expiresAt,
  };
}

type StoredRow = NonNullable<Awaited<ReturnType<typeof repo.findRefreshToken>>>;
type Rotation = { ok: true; row: StoredRow; token: StoredToken } | { ok: false; reuse: boolean; family?: string };

const refused: Rotation = { ok: false, reuse: false };
/** Rotations one grace window can hold at the per-sign-in rate limit (120 a minute: 20 in 10 s), and some. */
const MAX_SUCCESSOR_HOPS = 25;

/**
 * Rotates a refresh token: the presented one is spent and its successor stored (hashed) in one transaction,
 * with the successor also sealed under a key only the presented token gives. A second use within the grace
 * window (tabs refreshing at once, a retry after a lost answer) unseals and answers with that same successor,
 * or the newest one when it moved on; a use after the window is a stolen-token replay and revokes the family.
 */
async function rotate(
  tx: Executor,
  secrets: Secrets,
  presented: string,
  id_user: number | undefined,
  hops = 0,
): Promise<Rotation> {
  const row = await repo.findRefreshToken(tx, sha256(presented), REFRESH_REUSE_GRACE_SECONDS);
  if (!row || row.revokedAt || row.expired || (id_user !== undefined && row.id_user !== id_user)) return refused;
  if (row.usedAt) {
    if (hops > MAX_SUCCESSOR_HOPS) return refused;
    const successor = row.inGrace && row.successorSealed && unsealSuccessor(secrets, presented, row.successorSealed);
    if (!successor) {
      await repo.revokeFamily(tx, row.family);
      return { ok: false, reuse: true, family: row.family };
    }
    const next = await repo.findRefreshToken(tx, sha256(successor), REFRESH_REUSE_GRACE_SECONDS);
    if (next && !next.usedAt && !next.revokedAt && !next.expired)
      return { ok: true, row: next, token: { refreshToken: successor, expiresAt: next.expiresAt } };
    return rotate(tx, secrets, successor, id_user, hops + 1);
  }
  const token = await insertToken(tx, row.id_user, row.family, row.id_school, row.familyExpiresAt);
  if (!(await repo.spendRefreshToken(tx, row.id_refresh_token, sealSuccessor(secrets, presented, token.refreshToken))))
    return refused;
  return { ok: true, row, token };
}

/** POST /auth/request-new-access-token with the cookie's token; `id_user`, when the client sends it, must match. */
export async function refresh(
  deps: AuthDeps,
  presented: string | null,
  id_user: number | undefined,
): Promise<IssuedSession> {
  if (!presented || familyOfRefreshToken(presented) === null) throw unauthorized();
  const rotation = await deps.db.transaction((tx) => rotate(tx, deps.secrets, presented, id_user));
  if (!rotation.ok) {
    if (rotation.reuse) deps.log(`refresh token reuse after the grace window: family ${rotation.family} revoked`);
    throw unauthorized();
  }
  const { row, token } = rotation;
  const user = await repo.findUserById(deps.db, row.id_user);
  if (!user || !user.isActive) throw unauthorized();
  return present(deps, user, row.id_school, row.family, token);
}

/**
 * Ends the sign-in the cookie belongs to; `everywhere` ends every sign-in of its user and cancels the user's
 * unspent reset links. An unknown or revoked token changes nothing (the cookie is cleared anyway).
 */
export async function logout(deps: AuthDeps, presented: string | null, everywhere: boolean): Promise<void> {
  if (!presented) return;
  await deps.db.transaction(async (tx) => {
    const row = await repo.findRefreshToken(tx, sha256(presented));
    if (!row || row.revokedAt) return;
    if (!everywhere) return repo.revokeFamily(tx, row.family);
    await repo.revokeAllOfUser(tx, row.id_user);
    await repo.cancelResetLinks(tx, row.id_user);
    await writeAudit(
      tx,
      { id_user: row.id_user, id_school: null },
      { action: 'auth.logout_everywhere', entity: 'user', entityId: row.id_user },
    );
  });
}

/**
 * Resolves a bearer token to the caller; 409 when expired, 401 when invalid, its sign-in ended (sign-out,
 * password change elsewhere, reuse), the token version is old, or the user is inactive.
 */
export async function authenticate(deps: Pick<AuthDeps, 'db' | 'secrets'>, token: string): Promise<Principal> {
  const claims = await verifyAccessToken(deps.secrets.jwtSecret, token);
  const found = await repo.findUserOfSession(deps.db, claims.id_user, claims.sessionId, claims.id_school_chosen);
  const user = found?.user;
  if (!user || !user.isActive || user.tokenVersion !== claims.tokenVersion) throw unauthorized();
  if (!found.familyLive || !found.schoolAllowed) throw unauthorized();
  return principalOf(user, found.role, found.rules, claims.id_school_chosen, claims.sessionId);
}

export async function describeSession(deps: Pick<AuthDeps, 'db'>, principal: Principal) {
  const user = await repo.findUserById(deps.db, principal.id_user);
  if (!user) throw unauthorized();
  return { user: await presentSessionUser(deps.db, user, principal), permissions: principal.rules };
}

/**
 * The recovery request as the route answers it: never sooner than a fixed floor, so the extra writes of a
 * known e-mail do not show in the time, whatever the outcome.
 */
export async function answerRecoveryRequest(deps: AuthDeps, email: string, lng: string): Promise<void> {
  const floor = sleep(RECOVERY_ANSWER_FLOOR_MS);
  try {
    await requestPasswordRecovery(deps, email, lng);
  } finally {
    await floor;
  }
}

/**
 * Same answer, and similar work, for known and unknown e-mails. The link is stored hashed; the mail goes into
 * the outbox in the same transaction and a job sends it after commit (retried if the mail server refuses).
 */
export async function requestPasswordRecovery(deps: AuthDeps, email: string, lng: string): Promise<void> {
  const token = randomToken();
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user || !user.isActive) return;
  const link = `${deps.publicUrl}/resetpassword?token=${encodeURIComponent(token)}`;
  await deps.db.transaction(async (tx) => {
    await repo.insertResetToken(tx, {
      id_user: user.id_user,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await writeAudit(
      tx,
      { id_user: user.id_user, id_school: user.id_school },
      { action: 'auth.recovery_requested', entity: 'user', entityId: user.id_user },
    );
    await queueAccountMail(tx, deps, {
      ...resetPasswordMail(user.email, user.name, link, lng),
      id_user: user.id_user,
      kind: 'password_recovery',
    });
  });
}

export async function resetPassword(deps: AuthDeps, input: ResetPasswordRequest): Promise<void> {
  if (isCommonPassword(input.password))
    throw badRequest('passwordCommon', [{ path: 'password', message: 'passwordCommon' }]);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const id_user = await repo.spendResetToken(tx, sha256(input.token));
    if (id_user === null) throw badRequest('resetLinkInvalid');
    await repo.cancelResetLinks(tx, id_user);
    await repo.setPasswordHash(tx, id_user, passwordHash, { endAccessTokens: true });
    await repo.revokeAllOfUser(tx, id_user);
    await writeAudit(
      tx,
      { id_user, id_school: null },
      { action: 'auth.password_reset', entity: 'user', entityId: id_user },
    );
  });
}

/*
 * For the other modules (the account's password change, user management): the credential and session rules of
 * this module, so they never reach its repository.
 */

/** The stored user (hash and throttle state included), or undefined. */
export const findUserById = (db: Executor, id_user: number) => repo.findUserById(db, id_user);

export { isThrottled } from './auth.throttle';

/** A wrong current password counts against the account like a failed sign-in. */
export const recordFailedPassword = (db: Executor, id_user: number) =>
  repo.recordFailedAttempt(db, id_user, LOGIN_THROTTLE);

/** Stores a user's new password (the caller's access tokens live on) and cancels its unspent reset links. */
export async function replacePassword(tx: Executor, id_user: number, passwordHash: string) {
  await repo.setPasswordHash(tx, id_user, passwordHash, { endAccessTokens: false });
  await repo.cancelResetLinks(tx, id_user);
}

/** The permission rules of a role. */
export const findRoleRules = (db: Executor, id_role: number) => repo.findRoleRules(db, id_role);

/** Ends every sign-in of a user: its access tokens at once, its refresh tokens revoked. */
export async function endAllSessions(db: Executor, id_user: number) {
  await repo.bumpTokenVersion(db, id_user);
  await repo.revokeAllOfUser(db, id_user);
}
