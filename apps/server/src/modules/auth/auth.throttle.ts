import type { ThrottlePolicy, UserRecord } from './auth.repository';

/**
 * Per-account throttle of credential checks (sign-in and the current password of a password change), shared
 * by every API process through the user row. Five free attempts, then 1, 2, 4, 8 and at most 15 minutes;
 * each throttle starts the count over; a success (or a new password) forgets everything. See docs/sessions.md.
 */
export const LOGIN_THROTTLE: ThrottlePolicy = {
  freeAttempts: 5,
  firstLockSeconds: 60,
  maxLockSeconds: 15 * 60,
  forgetLocksAfterHours: 24,
};

export const isThrottled = (user: Pick<UserRecord, 'lockedUntil'>) =>
  user.lockedUntil !== null && user.lockedUntil.getTime() > Date.now();
