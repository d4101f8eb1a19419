import { CONTEXT_TYPE, type Language } from '@openseat/shared/constants';
import type { LoginRequest, LoginResponse, ResetPasswordRequest, SessionUser } from '@openseat/shared/schemas/auth';
import { http, session } from '../../../app/client';
import { setLanguage } from '../../../app/i18n';

/** Where a user lands after signing in (spec section 2); null: a maintainer must choose a school first. */
export function landingPath(user: SessionUser): string | null {
  if (user.schoolSwitch) return '/main/applications';
  if (user.id_context_type === CONTEXT_TYPE.SYSTEM) return '/main/schools';
  if (user.id_context_type === CONTEXT_TYPE.SCHOOL_MAINTAINER) return null;
  return '/main/dashboard';
}

function start(response: LoginResponse) {
  session.set(response);
  setLanguage(response.user.configuration.lng as Language);
  return response.user;
}

export const login = async (input: LoginRequest) => start(await http.post<LoginResponse>('/auth/login', input));

export const loginWithSchool = async (id_school: number) =>
  start(await http.post<LoginResponse>('/auth/login-with-school', { id_user: session.get().user?.id_user, id_school }));

export const requestRecovery = (email: string) => http.post<{ message: string }>('/auth/recovery-password', { email });

export const resetPassword = (input: ResetPasswordRequest) => http.post<{ message: string }>('/auth/reset-password', input);

export async function logout() {
  const refreshToken = session.refreshToken();
  if (refreshToken) await http.post('/auth/logout', { refreshToken }).catch(() => undefined);
  session.clear();
}

/** On page load: a stored refresh token brings the session back (one refresh, which rotates it). */
export async function restoreSession(): Promise<boolean> {
  if (session.get().accessToken) return true;
  if (!session.refreshToken()) return false;
  return http.refresh();
}
