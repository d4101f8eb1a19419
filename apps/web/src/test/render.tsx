import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SUBJECT_ACTIONS, type Subject } from '@openseat/shared/permissions';
import type { PermissionRule } from '@openseat/shared/schemas/auth';
import { Providers } from '../app/providers';
import { SignedOutFrame } from '../app/signed-out-app';
import { SignedInProviders } from '../app/signed-in-providers';
import { session } from '../lib/client';
import { campusUser } from './api';

/** Every action every screen offers: a user whose role grants it all (a test narrows it to check a refusal). */
export const EVERY_PERMISSION: PermissionRule[] = Object.entries(SUBJECT_ACTIONS).flatMap(([subject, actions]) =>
  actions.map((action) => ({ subject: subject as Subject, action })),
);

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
  const { path = '/', at = path, user = campusUser, permissions = EVERY_PERMISSION } = options;
  session.set({ accessToken: 'test-token', user, permissions });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [at] });
  const events = userEvent.setup({ delay: null });
  return {
    user: events,
    router,
    ...render(
      <Providers>
        <SignedInProviders>
          <RouterProvider router={router} />
        </SignedInProviders>
      </Providers>,
    ),
  };
}

/**
 * Renders `element` signed out (the sign-in page) as the first page shows it: no router, no MUI. `went` holds the
 * addresses it moved on to.
 */
export function renderSignedOut(element: React.ReactNode) {
  session.clear();
  const went: string[] = [];
  const events = userEvent.setup({ delay: null });
  return {
    user: events,
    went,
    ...render(<SignedOutFrame go={(path) => went.push(path)}>{element}</SignedOutFrame>),
  };
}
