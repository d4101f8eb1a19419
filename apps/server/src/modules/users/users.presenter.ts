import type { UserRow } from '@openseat/shared/schemas/users';
import type { UserListRow } from './users.repository';

type SchoolRef = { id_school: number; name: string };

/** A user as the spec's screens read it; the route's response schema strips anything not named here. */
export function presentUser(row: UserListRow, schools: SchoolRef[] = []): UserRow {
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

/** Users with the schools each maintains (already limited to the caller's scope by the repository). */
export const presentUsers = (rows: UserListRow[], schools: Array<SchoolRef & { id_user: number }>) =>
  rows.map((row) =>
    presentUser(
      row,
      schools.filter((s) => s.id_user === row.id_user).map(({ id_school, name }) => ({ id_school, name })),
    ),
  );

export const USER_CSV_COLUMNS = ['name', 'email', 'rol', 'isActive', 'telephone'];
export const userCsvRow = (row: UserListRow) => [row.name, row.email, row.roleName, row.isActive, row.telephone ?? ''];
