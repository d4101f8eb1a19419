import { CONTEXT_TYPE, type Language } from '@openseat/shared/constants';
import type { LoginRequest, LoginResponse, ResetPasswordRequest, SessionUser } from '@openseat/shared/schemas/auth';
import { http, otherTabs, session } from '../../../lib/client';
import { setLanguage } from '../../../lib/i18n';

/** Where a user lands after signing in (spec section 2); null: a maintainer must choose a school first. */
export function landingPath(user: SessionUser): string | null {
  if (user.schoolSwitch) return '/main/applications';
  if (user.id_context_type === CONTEXT_TYPE.SYSTEM) return '/main/schools';
  if (user.id_context_type === CONTEXT_TYPE.SCHOOL_MAINTAINER) return null;
  return '/main/dashboard';
}

/** A new sign-in or school: the session (and so the cache) is replaced, and the other tabs follow. */
function start(response: LoginResponse) {
  session.set(response);
  setLanguage(response.user.configuration.lng as Language);
  const identity = session.identity();
  if (identity) otherTabs.post({ type: 'signed-in', identity });
  return response.user;
}

export const login = async (input: LoginRequest) => start(await http.post<LoginResponse>('/auth/login', input));

export const loginWithSchool = async (id_school: number) =>
  start(await http.post<LoginResponse>('/auth/login-with-school', { id_user: session.get().user?.id_user, id_school }));

export const requestRecovery = (email: string) => http.post<{ message: string }>('/auth/recovery-password', { email });

export const resetPassword = (input: ResetPasswordRequest) =>
  http.post<{ message: string }>('/auth/reset-password', input);

/** Ends this browser's sign-in (every tab), or with `everywhere` every sign-in of the user on any device. */
export async function logout(everywhere = false) {
  await http.post('/auth/logout', everywhere ? { everywhere } : {}).catch(() => undefined);
  session.forget();
  otherTabs.post({ type: 'signed-out' });
}

/** On page load: the refresh cookie brings the session back (one refresh, one tab at a time). */
export async function restoreSession(): Promise<boolean> {
  if (session.get().accessToken) return true;
  if (!session.mayResume()) return false;
  return http.refresh();
}
