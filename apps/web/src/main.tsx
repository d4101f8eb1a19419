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

const root = createRoot(document.getElementById('root')!);

/**
 * Shows the address (`path`, replacing the current one, or the one loaded). The pages a visitor without a session sees
 * render alone, so the first page loads no router, MUI or signed-in app (issue 22); anything else loads the router
 * app, which from then on moves on its own.
 */
function show(path?: string) {
  if (path) window.history.replaceState(null, '', path);
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
