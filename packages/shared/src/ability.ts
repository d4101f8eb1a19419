import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { Action, Subject } from './permissions';
import { SUPER_ADMIN_ROLE } from './constants';

export type AppAbility = MongoAbility<[Action | 'manage', Subject | 'all']>;

export type AbilityInput = { roleName: string | null; rules: ReadonlyArray<{ action: string; subject: string }> };

/**
 * The one ability builder, used by the server to enforce and by the web client to hide what the user
 * cannot do. SuperAdmin manages everything; any other role gets exactly its active permissions.
 * Rules are built from our own action/subject names, never unpacked from a client.
 */
export function buildAbility({ roleName, rules }: AbilityInput): AppAbility {
  if (roleName === SUPER_ADMIN_ROLE) return createMongoAbility([{ action: 'manage', subject: 'all' }]);
  return createMongoAbility(rules.map((r) => ({ action: r.action as Action, subject: r.subject as Subject })));
}
