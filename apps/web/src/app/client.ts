import { useMemo, useSyncExternalStore } from 'react';
import { buildAbility } from '@openseat/shared/ability';
import { createHttpClient } from './http';
import { currentLanguage } from './i18n';
import { createSessionStore } from './session';

export const session = createSessionStore(localStorage);

let sessionEndHandler: () => void = () => {};
/** The router registers how to leave for /login when the session ends. */
export const onSessionEnd = (handler: () => void) => {
  sessionEndHandler = handler;
};

export const http = createHttpClient({ baseUrl: '/api', session, language: currentLanguage, onSessionEnd: () => sessionEndHandler() });

export const useSession = () => useSyncExternalStore(session.subscribe, session.get);

export function useAbility() {
  const { user, permissions } = useSession();
  return useMemo(() => buildAbility({ roleName: user?.role?.name ?? null, rules: permissions }), [user, permissions]);
}
