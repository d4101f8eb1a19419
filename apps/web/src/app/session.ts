import type { PermissionRule, SessionUser } from '@openseat/shared/schemas/auth';

/**
 * The signed-in session. The access token lives only in memory; the refresh token (single use, rotated,
 * reuse-detected by the server) and the user id in localStorage so that a reload keeps the session.
 */
export type SessionState = { accessToken: string | null; user: SessionUser | null; permissions: PermissionRule[] };

export type SessionStore = {
  get: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  refreshToken: () => string | null;
  userId: () => number | null;
  set: (next: { accessToken: string; refreshToken: string; user: SessionUser; permissions: PermissionRule[] }) => void;
  clear: () => void;
  /** Keeps the in-memory user in step after the user changed its own settings. */
  updateUser: (change: (user: SessionUser) => SessionUser) => void;
};

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createSessionStore(storage: KeyValueStorage): SessionStore {
  let state: SessionState = { accessToken: null, user: null, permissions: [] };
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refreshToken: () => storage.getItem('refreshToken'),
    userId: () => {
      const id = Number(storage.getItem('id_user'));
      return Number.isInteger(id) && id > 0 ? id : null;
    },
    set: ({ accessToken, refreshToken, user, permissions }) => {
      storage.setItem('refreshToken', refreshToken);
      storage.setItem('id_user', String(user.id_user));
      state = { accessToken, user, permissions };
      emit();
    },
    updateUser: (change) => {
      if (!state.user) return;
      state = { ...state, user: change(state.user) };
      emit();
    },
    clear: () => {
      storage.removeItem('refreshToken');
      storage.removeItem('id_user');
      state = { accessToken: null, user: null, permissions: [] };
      emit();
    },
  };
}
