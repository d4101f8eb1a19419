import type { CampusConfigurationRequest, CampusRequest } from '@openseat/shared/schemas/schools';
import type { Db } from '../../db/client';
import { diff, writeAudit } from '../../lib/audit';
import { decryptSecret, maskSecret } from '../../lib/crypto';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { canSeeSchool } from '../../lib/scope';
import type { Principal } from '../auth/auth.principal';
import { sealSecret } from '../schools/schools.service';
import { addSeatsForActiveGrades } from '../enrollment/enrollment.service';
import * as repo from './campuses.repository';

export async function getCampus(db: Db, caller: Principal, id_campus: number) {
  const campus = await repo.findCampus(db, caller.scope, id_campus);
  if (!campus) throw notFound();
  return { ...campus, photo: campus.photo ? `/api/campus/${id_campus}/photo` : null };
}

export async function createCampus(db: Db, caller: Principal, input: CampusRequest) {
  if (!canSeeSchool(caller.scope, input.id_school) || caller.scope.campusIds !== null) throw forbidden('noPermissionCampusData');
  return db.transaction(async (tx) => {
    const { id_campus: _ignored, ...values } = input;
    const id_campus = await repo.insertCampus(tx, values);
    await writeAudit(tx, caller, { action: 'campus.create', entity: 'campus', entityId: id_campus, id_school: input.id_school, id_campus, changes: values });
    return id_campus;
  }).then((id) => getCampus(db, caller, id));
}

export async function updateCampus(db: Db, caller: Principal, id_campus: number, input: CampusRequest, photo: string | null) {
  await db.transaction(async (tx) => {
    const before = await repo.findCampus(tx, caller.scope, id_campus);
    if (!before) throw notFound();
    if (input.id_school !== before.id_school) throw forbidden('noPermissionCampusData');
    const { id_campus: _id, id_school: _school, ...values } = input;
    const change = { ...values, ...(photo ? { photo } : {}) };
    await repo.updateCampus(tx, id_campus, change);
    await writeAudit(tx, caller, { action: 'campus.update', entity: 'campus', entityId: id_campus, id_school: before.id_school, id_campus, changes: diff(before, change) });
  });
  return getCampus(db, caller, id_campus);
}

export async function deleteCampus(db: Db, caller: Principal, id_campus: number) {
  await db.transaction(async (tx) => {
    const campus = await repo.findCampus(tx, caller.scope, id_campus);
    if (!campus) throw notFound();
    if (await repo.campusInUse(tx, id_campus)) throw new AppError('CONFLICT', 'campusInUse');
    await repo.deleteCampus(tx, id_campus);
    await writeAudit(tx, caller, { action: 'campus.delete', entity: 'campus', entityId: id_campus, id_school: campus.id_school, changes: { name: campus.name } });
  });
}

type Configuration = NonNullable<Awaited<ReturnType<typeof repo.findConfiguration>>>;

function presentConfiguration(key: Buffer, c: Configuration) {
  const { api_secret_encrypted, ...plain } = c;
  return { ...plain, api_secret: maskSecret(api_secret_encrypted ? decryptSecret(key, api_secret_encrypted) : null) };
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
    await writeAudit(tx, caller, { action: active ? 'campus.activate' : 'campus.deactivate', entity: 'campus', entityId: id_campus, id_school: campus.id_school, id_campus });
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

async function gradeInScope(db: Db, caller: Principal, id_campus_grade: number) {
  const grade = await repo.findCampusGrade(db, id_campus_grade);
  if (!grade || !(await repo.findCampus(db, caller.scope, grade.id_campus))) throw notFound();
  return grade;
}

export async function toggleGrade(db: Db, caller: Principal, id_campus_grade: number) {
  const grade = await gradeInScope(db, caller, id_campus_grade);
  await db.transaction(async (tx) => {
    await repo.updateCampusGrade(tx, id_campus_grade, { activatable: !grade.activatable });
    // open school periods get a 0-spot seat row for a newly activated grade
    if (!grade.activatable) await addSeatsForActiveGrades(tx, grade.id_campus);
    await writeAudit(tx, caller, { action: 'campus_grade.toggle', entity: 'campus_grade', entityId: id_campus_grade, id_school: grade.id_school, id_campus: grade.id_campus, changes: { activatable: { from: grade.activatable, to: !grade.activatable } } });
  });
  return { ...grade, activatable: !grade.activatable };
}

export async function updateGradeOption(db: Db, caller: Principal, input: { id_campus_grade: number; optionValue: string | null; optionLabel: string | null }) {
  const grade = await gradeInScope(db, caller, input.id_campus_grade);
  await db.transaction(async (tx) => {
    await repo.updateCampusGrade(tx, input.id_campus_grade, { optionValue: input.optionValue, optionLabel: input.optionLabel });
    await writeAudit(tx, caller, { action: 'campus_grade.option', entity: 'campus_grade', entityId: input.id_campus_grade, id_school: grade.id_school, id_campus: grade.id_campus, changes: diff(grade, input) });
  });
  return { ...grade, optionValue: input.optionValue, optionLabel: input.optionLabel };
}
