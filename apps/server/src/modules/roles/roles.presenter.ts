import { SUBJECTS, SUBJECT_ACTIONS, actionId, subjectId } from '@openseat/shared/permissions';
import type { PermissionRow, RoleRow, SubjectWithActions } from '@openseat/shared/schemas/roles';

type StoredRole = RoleRow & Record<string, unknown>;
type StoredPermission = Omit<PermissionRow, 'subject' | 'action'> & Record<string, unknown>;

/** A role as the roles screens read it; the route's response schema strips anything not named here. */
export const presentRole = (row: StoredRole): RoleRow => ({
  id_role: row.id_role,
  id_context_type: row.id_context_type,
  context_type_name: row.context_type_name,
  name: row.name,
  type: row.type,
  description: row.description,
  isActive: row.isActive,
});

export const presentPermission = (row: StoredPermission, subject: string, action: string): PermissionRow => ({
  id_permission: row.id_permission,
  id_role: row.id_role,
  id_subject: row.id_subject,
  id_action: row.id_action,
  isActive: row.isActive,
  subject,
  action,
});

/** Screens with the actions each offers (the permissions tab of a role), under their permanent ids. */
export const presentSubjects = (): SubjectWithActions[] =>
  SUBJECTS.map((name) => ({
    id_subject: subjectId(name),
    name,
    actions: SUBJECT_ACTIONS[name].map((a) => ({ id_action: actionId(a), name: a })),
  }));
