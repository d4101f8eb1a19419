import type { Action, Subject } from '@openseat/shared/permissions';
import { useAbility } from '../lib/ability';
import { NoAccess } from './NoAccess';

/** Route-level guard: without the permission the page shows 'No access'. */
export function RequirePermission({
  subject,
  action = 'access',
  children,
}: {
  subject: Subject;
  action?: Action;
  children: React.ReactNode;
}) {
  const ability = useAbility();
  return ability.can(action, subject) ? <>{children}</> : <NoAccess />;
}
