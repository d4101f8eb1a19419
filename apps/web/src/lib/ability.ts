import { useMemo } from 'react';
import { buildAbility } from '@openseat/shared/ability';
import { useSession } from './client';

/** What the signed-in user may do (CASL): apart from the client, so the sign-in page loads no CASL. */
export function useAbility() {
  const { user, permissions } = useSession();
  return useMemo(() => buildAbility({ roleName: user?.role?.name ?? null, rules: permissions }), [user, permissions]);
}
