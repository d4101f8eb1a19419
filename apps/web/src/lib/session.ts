import type { PermissionRule, SessionUser } from '@openseat/shared/schemas/auth';

/**
 * The signed-in session of this tab. The access token lives only in memory; the refresh token is an HttpOnly
 * cookie no script can read (docs/sessions.md). Storage keeps one harmless hint, "this browser signed in and
 * did not sign out", so a page load knows whether a refresh is worth trying.
 */
export type SessionState = { accessToken: string | null; user: SessionUser | null; permissions: PermissionRule[] };

export type SessionStart = { accessToken: string; user: SessionUser; permissions: PermissionRule[] };

export type SessionStore = {
  get: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /** Who the tab works as: user, school and campus. Changes on sign-in, school switch and sign-out. */
  identity: () => string | null;
  /** Bumped whenever the identity changes: an answer to a request sent under an older epoch is dropped. */
  epoch: () => number;
  mayResume: () => boolean;
  set: (next: SessionStart) => void;
  /** Drops the session from memory (its sign-in may go on in another tab). */
  clear: () => void;
  /** Clears, and forgets that this browser was signed in (sign-out). */
  forget: () => void;
  /** Keeps the in-memory user in step after the user changed its own settings. */
  updateUser: (change: (user: SessionUser) => SessionUser) => void;
};

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const HINT = 'openseat.signedIn';
/** Where earlier versions kept the refresh token, readable by any script: removed on sight. */
const LEGACY_KEYS = ['refreshToken', 'id_user'];

const identityOf = (user: SessionUser | null) =>
  user ? `${user.id_user}/${user.id_school ?? '-'}/${user.id_campus ?? '-'}/${user.schoolSwitch}` : null;

export function createSessionStore(
  storage: KeyValueStorage,
  options: { onIdentityChange?: () => void } = {},
): SessionStore {
  for (const key of LEGACY_KEYS) storage.removeItem(key);
  let state: SessionState = { accessToken: null, user: null, permissions: [] };
  let epoch = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  function replace(next: SessionState) {
    const changed = identityOf(next.user) !== identityOf(state.user);
    state = next;
    if (changed) {
      epoch++;
      options.onIdentityChange?.();
    }
    emit();
  }

  const clear = () => replace({ accessToken: null, user: null, permissions: [] });

  return {
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    identity: () => identityOf(state.user),
    epoch: () => epoch,
    mayResume: () => storage.getItem(HINT) === '1',
    set: ({ accessToken, user, permissions }) => {
      storage.setItem(HINT, '1');
      replace({ accessToken, user, permissions });
    },
    updateUser: (change) => {
      if (!state.user) return;
      state = { ...state, user: change(state.user) };
      emit();
    },
    clear,
    forget: () => {
      storage.removeItem(HINT);
      clear();
    },
  };
}
