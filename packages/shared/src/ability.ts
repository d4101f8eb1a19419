import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { SUBJECT_ACTIONS, type Action, type Subject } from './permissions';
import { SUPER_ADMIN_ROLE } from './constants';

export type AppAbility = MongoAbility<[Action | 'manage', Subject | 'all']>;

export type AbilityInput = { roleName: string | null; rules: ReadonlyArray<{ action: string; subject: string }> };

/**
 * The one ability builder, used by the server to enforce and by the web client to hide what the user
 * cannot do. SuperAdmin manages everything; any other role gets exactly its active permissions.
 * Rules are built from our own action/subject names, never unpacked from a client. A stored rule that its screen
 * does not offer (an old row, or a SuperAdmin-only screen) grants nothing.
 */
export function buildAbility({ roleName, rules }: AbilityInput): AppAbility {
  if (roleName === SUPER_ADMIN_ROLE) return createMongoAbility([{ action: 'manage', subject: 'all' }]);
  return createMongoAbility(
    rules
      .filter((r) => offered(r.subject, r.action))
      .map((r) => ({ action: r.action as Action, subject: r.subject as Subject })),
  );
}

const offered = (subject: string, action: string) =>
  Object.hasOwn(SUBJECT_ACTIONS, subject) && SUBJECT_ACTIONS[subject as Subject].includes(action as Action);
