import type { UserRow } from '@openseat/shared/schemas/users';
import type { UserListRow } from './users.repository';

export function presentUser(row: UserListRow, schools: Array<{ id_school: number; name: string }> = []): UserRow {
  return {
    id_user: row.id_user,
    name: row.name,
    email: row.email,
    telephone: row.telephone,
    isActive: row.isActive,
    photo: row.photo ? `/api/user/${row.id_user}/photo` : null,
    id_context_type: row.id_context_type,
    roles: { id_role: row.id_role, name: row.roleName },
    id_school: row.id_school,
    school: row.id_school && row.schoolName ? { id_school: row.id_school, name: row.schoolName } : null,
    id_campus: row.id_campus,
    campus: row.id_campus && row.campusName ? { id_campus: row.id_campus, name: row.campusName } : null,
    isAllCampuses: row.isAllCampuses,
    schools,
  };
}

export const USER_CSV_COLUMNS = ['name', 'email', 'rol', 'isActive', 'telephone'];
export const userCsvRow = (row: UserListRow) => [row.name, row.email, row.roleName, row.isActive, row.telephone ?? ''];
