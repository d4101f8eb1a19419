import { lazy, Suspense } from 'react';
import LoginPage from '../features/auth/components/LoginPage';
import ResetPasswordPage from '../features/auth/components/ResetPasswordPage';
import { GoContext, type Go } from '../lib/go';
import { useNoticeHostWanted } from '../lib/notices';

const NoticeHost = lazy(() => import('./notice-host'));

export type SignedOutPage = 'login' | 'reset';

/**
 * The page an address shows without the router app, or null when the router app must show it. With no session to
 * resume every address but the reset link's ends on the sign-in page, as the router app would redirect it.
 */
export function signedOutPage(pathname: string, mayResume: boolean): SignedOutPage | null {
  if (pathname === '/resetpassword') return 'reset';
  return mayResume ? null : 'login';
}

/**
 * The first page a visitor loads (issue 22): the sign-in or reset page alone, with no router, MUI, query cache or
 * signed-in app's words. `go` hands over to the router app once there is a session.
 */
export function SignedOutApp({ page, go }: { page: SignedOutPage; go: Go }) {
  return <SignedOutFrame go={go}>{page === 'reset' ? <ResetPasswordPage /> : <LoginPage />}</SignedOutFrame>;
}

/** What a signed-out page has around it: where it goes, and its notices (their code loads with the first one). */
export function SignedOutFrame({ go, children }: { go: Go; children: React.ReactNode }) {
  const noticesWanted = useNoticeHostWanted();
  return (
    <GoContext.Provider value={go}>
      {children}
      {noticesWanted ? (
        <Suspense fallback={null}>
          <NoticeHost />
        </Suspense>
      ) : null}
    </GoContext.Provider>
  );
}
