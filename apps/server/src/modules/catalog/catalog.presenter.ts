import {
  CATALOG_ROW_SCHEMAS,
  type CampusChoice,
  type CatalogPath,
  type SchoolChoice,
} from '@openseat/shared/schemas/catalog';

/** Catalog rows with exactly the fields their schema names. */
export const presentCatalog = (path: CatalogPath, rows: Array<Record<string, unknown>>) =>
  rows.map((row) => CATALOG_ROW_SCHEMAS[path].parse(row));

export const presentSchoolChoice = (row: SchoolChoice): SchoolChoice => ({ id_school: row.id_school, name: row.name });

export const presentCampusChoice = (row: CampusChoice): CampusChoice => ({
  id_campus: row.id_campus,
  name: row.name,
  id_school: row.id_school,
  schoolName: row.schoolName,
  timeZone: row.timeZone,
});
