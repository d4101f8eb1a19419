import { unhandled } from './listen';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { session } from '../lib/client';
import { queryClient } from '../lib/query-client';
import { api } from './api';
import { loadCatalogue } from '../lib/i18n';

/*
 * The component tests' setup (vitest project unit:web-components, jsdom): every request goes to msw's handlers (see
 * listen.ts), and one no handler answers fails the test (nothing reaches a network). Between tests the screen, the
 * cache, the session and the handlers a test added are reset.
 */
// findBy and waitFor wait for a condition: long enough for a loaded machine (RTL's default is one second)
configure({ asyncUtilTimeout: 10_000 });
// every screen's words, as the signed-in app has them
await loadCatalogue();

afterEach(() => {
  cleanup();
  queryClient.clear();
  session.clear();
  api.resetHandlers();
  const missed = unhandled.splice(0);
  if (missed.length) throw new Error(`requests no msw handler answers (add one): ${[...new Set(missed)].join(', ')}`);
});
afterAll(() => api.close());
