import { useSyncExternalStore } from 'react';
import { createHttpClient } from './http';
import { currentLanguage } from './i18n';
import { createSessionStore } from './session';
import { acrossTabs, tabNotices } from './tabs';

const identityListeners = new Set<() => void>();
/** Called on sign-in, school switch and sign-out (the query cache empties itself: lib/query-client). */
export const onIdentityChange = (listener: () => void) => identityListeners.add(listener);

export const session = createSessionStore(localStorage, {
  onIdentityChange: () => identityListeners.forEach((listener) => listener()),
});

let sessionEndHandler: () => void = () => {};
/** The router registers how to leave for /login when the session ends. */
export const onSessionEnd = (handler: () => void) => {
  sessionEndHandler = handler;
};

export const http = createHttpClient({
  baseUrl: '/api',
  session,
  language: currentLanguage,
  onSessionEnd: () => sessionEndHandler(),
  exclusive: acrossTabs('openseat-refresh'),
});

/** Tells the browser's other tabs about a sign-in, school switch or sign-out made in this one. */
export const otherTabs = tabNotices('openseat-session');

otherTabs.listen((notice) => {
  if (notice.type === 'signed-out') {
    if (session.get().user === null) return;
    session.clear();
    sessionEndHandler();
  } else if (notice.identity !== session.identity()) {
    // the shared cookie now belongs to another user or school: start this tab afresh from it
    session.clear();
    window.location.assign('/login');
  }
});

export const useSession = () => useSyncExternalStore(session.subscribe, session.get);
