import { DEMO_PASSWORD, serverUrl } from './browser';

/*
 * The API as a demo staff member, for what a walk starts from or reads back afterwards (never what the walk itself
 * shows on screen). One sign-in per user and server for the whole file: sign-ins are rate-limited per address, and
 * the other e2e files of the worker sign in too.
 */

export type StaffSession = { accessToken: string; user: { id_school: number } };

const sessions = new Map<string, Promise<StaffSession>>();

/** The user's session on this worker's server, signed in once. */
export function staffSession(email: string): Promise<StaffSession> {
  const baseUrl = serverUrl();
  const key = `${baseUrl} ${email}`;
  let session = sessions.get(key);
  if (!session) {
    session = fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
      return (await res.json()) as StaffSession;
    });
    // a refused sign-in is not kept: the next call tries again
    session.catch(() => sessions.delete(key));
    sessions.set(key, session);
  }
  return session;
}

/** Calls `path` under /api as the user; anything but a 200 throws with the answer. */
export async function staffCall<T>(email: string, method: string, path: string, body?: unknown): Promise<T> {
  const { accessToken } = await staffSession(email);
  const res = await fetch(`${serverUrl()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
