import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { router } from './router';

/** The app with its router, theme and screens: loaded once there is a session (or one may resume). */
export function RouterApp() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
