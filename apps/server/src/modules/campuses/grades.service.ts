import type { CampusGradeOptionRequest } from '@openseat/shared/schemas/schools';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../audit/audit.service';
import { notFound } from '../../lib/errors';
import { canSeeSchool } from '../../lib/scope';
import type { Principal } from '../auth/auth.types';
import { addSeatsForActiveGrades } from '../enrollment/enrollment.service';
import { presentCampusGrade, presentGradeSetting, type SchoolGrade } from './campuses.presenter';
import * as repo from './campuses.repository';
import { requireCampus } from './campus-lookup';

/** Grades of a campus; age-based schools show the age where others show the grade. */
export async function listGrades(db: Db, caller: Principal, id_campus: number) {
  const campus = await requireCampus(db, caller, id_campus);
  const grades = await repo.listCampusGrades(db, caller.scope, id_campus);
  return grades.map((g) => presentGradeSetting(g, campus.is_age_school));
}

/** Active grades of one campus, for pickers (application grade, seats); the labels are the route's part. */
export async function activeGradesOfCampus(db: Db, caller: Principal, id_campus: number) {
  const campus = await requireCampus(db, caller, id_campus);
  const grades = await repo.listActiveGrades(db, caller.scope, [id_campus]);
  return { ageSchool: campus.is_age_school, grades };
}

/** Grades active on at least one of a school's campuses (those the caller may see), each once. */
export async function activeGradesOfSchool(db: Db, caller: Principal, id_school: number) {
  if (!canSeeSchool(caller.scope, id_school)) throw notFound();
  const campusIds = await repo.campusIdsOfSchool(db, caller.scope, id_school);
  const ageSchool = await repo.isAgeSchool(db, caller.scope, id_school);
  const byGrade = new Map<number, SchoolGrade>();
  for (const g of await repo.listActiveGrades(db, caller.scope, campusIds)) {
    const row = byGrade.get(g.id_grade) ?? {
      id_grade: g.id_grade,
      name: g.name,
      age: g.age,
      campusIds: [],
    };
    row.campusIds.push(g.id_campus);
    byGrade.set(g.id_grade, row);
  }
  return { ageSchool, grades: [...byGrade.values()] };
}

async function requireGrade(db: Executor, caller: Principal, id_campus_grade: number) {
  const grade = await repo.findCampusGrade(db, caller.scope, id_campus_grade);
  if (!grade) throw notFound();
  return grade;
}

/** Toggles a campus grade; activating one adds a 0-spot seat row to the campus's open school periods. */
export async function toggleGrade(db: Db, caller: Principal, id_campus_grade: number) {
  return db.transaction(async (tx) => {
    const grade = await requireGrade(tx, caller, id_campus_grade);
    const activatable = await repo.toggleCampusGrade(tx, caller.scope, id_campus_grade);
    if (activatable) await addSeatsForActiveGrades(tx, caller, grade.id_campus);
    await writeAudit(tx, caller, {
      action: 'campus_grade.toggle',
      entity: 'campus_grade',
      entityId: id_campus_grade,
      id_school: grade.id_school,
      id_campus: grade.id_campus,
      changes: { activatable: { from: !activatable, to: activatable } },
    });
    return presentCampusGrade({ ...grade, activatable });
  });
}

export async function updateGradeOption(db: Db, caller: Principal, input: CampusGradeOptionRequest) {
  return db.transaction(async (tx) => {
    const grade = await requireGrade(tx, caller, input.id_campus_grade);
    const change = { optionValue: input.optionValue, optionLabel: input.optionLabel };
    await repo.updateCampusGrade(tx, caller.scope, input.id_campus_grade, change);
    await writeAudit(tx, caller, {
      action: 'campus_grade.option',
      entity: 'campus_grade',
      entityId: input.id_campus_grade,
      id_school: grade.id_school,
      id_campus: grade.id_campus,
      changes: diff(grade, change),
    });
    return presentCampusGrade({ ...grade, ...change });
  });
}
