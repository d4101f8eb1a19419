import fs from 'node:fs/promises';
import type { Language } from '@openseat/shared/constants';
import { translate } from '@openseat/shared/messages';
import type { CampusConfigurationRequest, CampusGradeOptionRequest, CampusListQuery, CampusRequest } from '@openseat/shared/schemas/schools';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../../lib/audit';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { canSeeSchool } from '../../lib/scope';
import { saveImage, storedFilePath, type CheckedImage } from '../../lib/uploads';
import type { Principal } from '../auth/auth.principal';
import { maskedSecret, sealSecret } from '../schools/schools.service';
import { addSeatsForActiveGrades } from '../enrollment/enrollment.service';
import * as repo from './campuses.repository';

/** A campus as it leaves the server: the photo as its authorised URL, never the stored file name. */
const presentCampus = (campus: repo.CampusRow) => ({ ...campus, photo: campus.photo ? `/api/campus/${campus.id_campus}/photo` : null });

export async function getCampus(db: Db, caller: Principal, id_campus: number) {
  const campus = await repo.findCampus(db, caller.scope, id_campus);
  if (!campus) throw notFound();
  return presentCampus(campus);
}

export async function listCampuses(db: Db, caller: Principal, query: CampusListQuery) {
  const { rows, total } = await repo.listCampuses(db, caller.scope, query, query.page, query.pageSize);
  return { data: rows.map(presentCampus), total, page: query.page, pageSize: query.pageSize };
}

/** Both drivers report PostgreSQL's SQLSTATE; drizzle wraps it in `cause`. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23503') return true;
  }
  return false;
}

/** A stored file that is no longer referenced; a file already gone is fine. */
const removeStoredFile = (dataDir: string, relative: string) => fs.rm(storedFilePath(dataDir, relative), { force: true });

export async function createCampus(db: Db, caller: Principal, input: CampusRequest) {
  // a campus user cannot add campuses; a school user only to its own school (403, like any misplaced write)
  if (!canSeeSchool(caller.scope, input.id_school) || caller.scope.campusIds !== null) throw forbidden('noPermissionCampusData');
  return db.transaction(async (tx) => {
    const { id_campus: _ignored, ...values } = input;
    const id_campus = await repo.insertCampus(tx, values);
    if (values.isMain) await repo.clearMainCampus(tx, values.id_school, id_campus);
    await writeAudit(tx, caller, { action: 'campus.create', entity: 'campus', entityId: id_campus, id_school: input.id_school, id_campus, changes: values });
    return id_campus;
  }).then((id) => getCampus(db, caller, id));
}

/**
 * Updates a campus's data and, optionally, its photo. The new photo is written before the transaction and
 * removed again if the update fails (another tenant's campus, bad school); the replaced one after commit.
 */
export async function updateCampus(db: Db, dataDir: string, caller: Principal, id_campus: number, input: CampusRequest, image: CheckedImage | null) {
  if (!(await repo.findCampus(db, caller.scope, id_campus))) throw notFound();
  const photo = image ? await saveImage(image, dataDir, 'campuses') : null;
  let replaced: string | null;
  try {
    replaced = await db.transaction(async (tx) => {
      const before = await repo.findCampus(tx, caller.scope, id_campus);
      if (!before) throw notFound();
      if (input.id_school !== before.id_school) throw forbidden('noPermissionCampusData');
      const { id_campus: _id, id_school: _school, ...values } = input;
      const change = { ...values, ...(photo ? { photo } : {}) };
      await repo.updateCampus(tx, id_campus, change);
      if (values.isMain) await repo.clearMainCampus(tx, before.id_school, id_campus);
      await writeAudit(tx, caller, { action: 'campus.update', entity: 'campus', entityId: id_campus, id_school: before.id_school, id_campus, changes: diff(before, change) });
      return photo ? before.photo : null;
    });
  } catch (error) {
    if (photo) await removeStoredFile(dataDir, photo);
    throw error;
  }
  if (replaced) await removeStoredFile(dataDir, replaced);
  return getCampus(db, caller, id_campus);
}

/** The stored photo of a campus the caller may see. */
export async function photoOf(db: Db, caller: Principal, id_campus: number): Promise<string> {
  const campus = await repo.findCampus(db, caller.scope, id_campus);
  if (!campus?.photo) throw notFound();
  return campus.photo;
}

/** Deleting is refused (409) while the campus has applications, users or what they produced: deactivate it instead. */
export async function deleteCampus(db: Db, dataDir: string, caller: Principal, id_campus: number) {
  const campus = await db
    .transaction(async (tx) => {
      const found = await repo.findCampus(tx, caller.scope, id_campus);
      if (!found) throw notFound();
      if (await repo.campusInUse(tx, id_campus)) throw new AppError('CONFLICT', 'campusInUse');
      await repo.deleteCampus(tx, id_campus);
      await writeAudit(tx, caller, { action: 'campus.delete', entity: 'campus', entityId: id_campus, id_school: found.id_school, changes: { name: found.name } });
      return found;
    })
    .catch((error: unknown) => {
      // a lottery or reorder record of one of its periods still points at it
      throw isForeignKeyViolation(error) ? new AppError('CONFLICT', 'campusInUse') : error;
    });
  if (campus.photo) await removeStoredFile(dataDir, campus.photo);
}

type Configuration = NonNullable<Awaited<ReturnType<typeof repo.findConfiguration>>>;

/** The API secret leaves the server masked (last 4 characters), never in full. */
function presentConfiguration(key: Buffer, c: Configuration) {
  const { api_secret_encrypted, id_campus_configuration: _row, ...plain } = c;
  return { ...plain, api_secret: maskedSecret(key, api_secret_encrypted), hasApiSecret: api_secret_encrypted !== null };
}

export async function getConfiguration(db: Db, key: Buffer, caller: Principal, id_campus: number) {
  await getCampus(db, caller, id_campus);
  return presentConfiguration(key, (await repo.findConfiguration(db, id_campus))!);
}

export async function setCampusActive(db: Db, caller: Principal, id_campus: number, active: boolean) {
  await db.transaction(async (tx) => {
    const campus = await repo.findCampus(tx, caller.scope, id_campus);
    if (!campus) throw notFound();
    await repo.updateConfiguration(tx, id_campus, { active });
    await writeAudit(tx, caller, { action: active ? 'campus.activate' : 'campus.deactivate', entity: 'campus', entityId: id_campus, id_school: campus.id_school, id_campus, changes: diff(campus, { active }) });
  });
  return getCampus(db, caller, id_campus);
}

export async function updateConfiguration(db: Db, key: Buffer, caller: Principal, input: CampusConfigurationRequest) {
  return db.transaction(async (tx) => {
    const campus = await repo.findCampus(tx, caller.scope, input.id_campus);
    if (!campus) throw notFound();
    const before = (await repo.findConfiguration(tx, input.id_campus))!;
    const { api_secret, id_campus, ...plain } = input;
    const change = { ...plain, api_secret_encrypted: sealSecret(key, api_secret) };
    await repo.updateConfiguration(tx, id_campus, change);
    await writeAudit(tx, caller, { action: 'campus.configure', entity: 'campus_configuration', entityId: id_campus, id_school: campus.id_school, id_campus, changes: diff(before, change) });
    return presentConfiguration(key, (await repo.findConfiguration(tx, id_campus))!);
  });
}

/** Grades of a campus; age-based schools show the age where others show the grade. */
export async function listGrades(db: Db, caller: Principal, id_campus: number) {
  const campus = await getCampus(db, caller, id_campus);
  const grades = await repo.listCampusGrades(db, id_campus);
  return grades.map((g) => ({ ...g, display: campus.is_age_school ? String(g.age) : g.name }));
}

/**
 * What a grade is called on screens and forms: the campus's own option label when it set one (a new campus
 * starts with the grade name as label, which does not count), else the age ("5 years old") or the grade.
 */
const gradeLabel = (g: { name: string; age: number; label: string | null }, ageSchool: boolean, lng: Language) =>
  g.label && g.label !== g.name ? g.label : ageSchool ? `${g.age} ${translate('yearsOld', lng)}` : g.name;

/** Active grades of one campus, for pickers (application grade, seats). */
export async function activeGradesOfCampus(db: Db, caller: Principal, id_campus: number, lng: Language) {
  const campus = await repo.findCampus(db, caller.scope, id_campus);
  if (!campus) throw notFound();
  const grades = await repo.listActiveGrades(db, [id_campus]);
  return grades.map((g) => ({ ...g, is_age_school: campus.is_age_school, label: gradeLabel(g, campus.is_age_school, lng) }));
}

/** Grades active on at least one of a school's campuses (those the caller may see), each once. */
export async function activeGradesOfSchool(db: Db, caller: Principal, id_school: number, lng: Language) {
  if (!canSeeSchool(caller.scope, id_school)) throw notFound();
  const campusIds = await repo.campusIdsOfSchool(db, caller.scope, id_school);
  const ageSchool = await repo.isAgeSchool(db, id_school);
  const byGrade = new Map<number, { id_grade: number; name: string; age: number; label: string; campusIds: number[] }>();
  for (const g of await repo.listActiveGrades(db, campusIds)) {
    const row = byGrade.get(g.id_grade) ?? { id_grade: g.id_grade, name: g.name, age: g.age, label: gradeLabel({ ...g, label: null }, ageSchool, lng), campusIds: [] };
    row.campusIds.push(g.id_campus);
    byGrade.set(g.id_grade, row);
  }
  return [...byGrade.values()];
}

async function gradeInScope(db: Executor, caller: Principal, id_campus_grade: number) {
  const grade = await repo.findCampusGrade(db, caller.scope, id_campus_grade);
  if (!grade) throw notFound();
  return grade;
}

/** Toggles a campus grade; activating one adds a 0-spot seat row to the campus's open school periods. */
export async function toggleGrade(db: Db, caller: Principal, id_campus_grade: number) {
  return db.transaction(async (tx) => {
    const grade = await gradeInScope(tx, caller, id_campus_grade);
    const activatable = await repo.toggleCampusGrade(tx, id_campus_grade);
    if (activatable) await addSeatsForActiveGrades(tx, grade.id_campus);
    await writeAudit(tx, caller, { action: 'campus_grade.toggle', entity: 'campus_grade', entityId: id_campus_grade, id_school: grade.id_school, id_campus: grade.id_campus, changes: { activatable: { from: !activatable, to: activatable } } });
    return { ...grade, activatable };
  });
}

export async function updateGradeOption(db: Db, caller: Principal, input: CampusGradeOptionRequest) {
  return db.transaction(async (tx) => {
    const grade = await gradeInScope(tx, caller, input.id_campus_grade);
    const change = { optionValue: input.optionValue, optionLabel: input.optionLabel };
    await repo.updateCampusGrade(tx, input.id_campus_grade, change);
    await writeAudit(tx, caller, { action: 'campus_grade.option', entity: 'campus_grade', entityId: input.id_campus_grade, id_school: grade.id_school, id_campus: grade.id_campus, changes: diff(grade, change) });
    return { ...grade, ...change };
  });
}
