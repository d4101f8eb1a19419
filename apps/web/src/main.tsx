import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import './app/baseline.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import { session } from './lib/client';
import { SignedOutApp, signedOutPage } from './app/signed-out-app';
import { NativeLanguageSwitch } from './components/NativeLanguageSwitch';

const root = createRoot(document.getElementById('root')!);

/** The token of a `/public/lottery/:token` address, or null for any other address. */
function publicLotteryToken(pathname: string): string | null {
  const match = /^\/public\/lottery\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * Shows the address (`path`, replacing the current one, or the one loaded). The pages a visitor without a session sees
 * render alone, so the first page loads no router, MUI or signed-in app (issue 22); anything else loads the router
 * app, which from then on moves on its own.
 */
function show(path?: string) {
  if (path) window.history.replaceState(null, '', path);
  const publicToken = publicLotteryToken(window.location.pathname);
  if (publicToken !== null) {
    // a period's public lottery record: the same page signed in or not, loaded on its own (issue 23)
    void import('./features/lottery-public/components/PublicLotteryPage').then(({ default: PublicLotteryPage }) =>
      root.render(
        <StrictMode>
          <PublicLotteryPage token={publicToken} languageSwitch={<NativeLanguageSwitch />} />
        </StrictMode>,
      ),
    );
    return;
  }
  const page = signedOutPage(window.location.pathname, session.mayResume());
  if (page === 'login' && window.location.pathname !== '/login') window.history.replaceState(null, '', '/login');
  if (page) {
    root.render(
      <StrictMode>
        <SignedOutApp page={page} go={show} />
      </StrictMode>,
    );
    return;
  }
  void import('./app/router-app').then(({ RouterApp }) =>
    root.render(
      <StrictMode>
        <RouterApp />
      </StrictMode>,
    ),
  );
}

show();
