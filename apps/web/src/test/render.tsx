import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PermissionRule } from '@openseat/shared/schemas/auth';
import { Providers } from '../app/providers';
import { session } from '../lib/client';
import { campusUser } from './api';

type Options = {
  /** The route pattern the element is mounted at, and the address opened. */
  path?: string;
  at?: string;
  user?: typeof campusUser;
  /** What the signed-in user may do (CASL rules, as the sign-in answers them). */
  permissions?: PermissionRule[];
};

/**
 * Renders `element` as the app does: the real providers (query client, theme, notices, i18n in English) under a
 * router at `at`, signed in as `user`. Answers the user-event handle with RTL's queries.
 */
export function renderScreen(element: React.ReactNode, options: Options = {}) {
  const { path = '/', at = path, user = campusUser, permissions = [{ action: 'manage', subject: 'all' }] } = options;
  session.set({ accessToken: 'test-token', user, permissions });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [at] });
  const events = userEvent.setup({ delay: null });
  return {
    user: events,
    router,
    ...render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}
