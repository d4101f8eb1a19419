import type { Language } from '@openseat/shared/constants';
import { http, session } from '../lib/client';

/** Keeps a signed-in user's language on the server (the sign-in screen's choice stays on this browser). */
export async function saveLanguage(lng: Language) {
  if (!session.get().accessToken) return;
  session.updateUser((u) => ({ ...u, configuration: { ...u.configuration, lng } }));
  await http.put('/user/configuration', { lng });
}
