import { useSyncExternalStore } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { createHttpClient } from './http';
import { currentLanguage } from './i18n';
import { createSessionStore } from './session';
import { acrossTabs, tabNotices } from './tabs';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** Nothing fetched for one user or school outlives it: sign-in, school switch and sign-out empty the cache. */
export const session = createSessionStore(localStorage, { onIdentityChange: () => queryClient.clear() });

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
