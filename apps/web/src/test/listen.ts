import { api } from './api';

/** Requests no handler answered since the last test: setup.ts fails the test that made them. */
export const unhandled: string[] = [];

// before the app's modules load: the HTTP client keeps the fetch it finds, which must be msw's
api.listen({
  onUnhandledRequest(request, print) {
    unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
    print.error();
  },
});
