import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { Action, Subject } from '@openseat/shared/permissions';
import { createCampus, createSchool } from './factories';
import { createCampusGrades, createPeriod, createRoleWith, createTag } from './enrollment-factories';
import type { TestContext } from './harness';
import { createRecordApplication } from './records-factories';
import { tokenFor } from './session';

/**
 * The records tests' world: school A with campuses a1 and a2 (a started period each, grades 1st and 2nd), school B
 * with b1; an application on each campus, a tag on each campus; tokens of a school admin of A, a campus admin of a1
 * and a campus user of a1 whose role holds exactly `limited`.
 */
export async function recordsWorld(ctx: TestContext, limited: Array<[Subject, Action]> = []) {
  const schoolA = await createSchool(ctx.db, 'Records Academy');
  const schoolB = await createSchool(ctx.db, 'Other Charter');
  const a1 = await createCampus(ctx.db, schoolA.id_school, 'Records North');
  const a2 = await createCampus(ctx.db, schoolA.id_school, 'Records South');
  const b1 = await createCampus(ctx.db, schoolB.id_school, 'Other Main');
  const periods = {} as Record<'a1' | 'a2' | 'b1', Awaited<ReturnType<typeof createPeriod>>>;
  const tags = {} as Record<'a1' | 'a2' | 'b1', Awaited<ReturnType<typeof createTag>>>;
  for (const [key, campus] of Object.entries({ a1, a2, b1 }) as Array<['a1' | 'a2' | 'b1', typeof a1]>) {
    await createCampusGrades(ctx.db, campus, [3, 4]);
    periods[key] = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 10, 4: 10 } });
    tags[key] = await createTag(ctx.db, campus, `Tag ${key}`);
  }
  const apps = {
    a1: await createRecordApplication(ctx.db, periods.a1, { firstName: 'Ana', lastName: 'North' }),
    a2: await createRecordApplication(ctx.db, periods.a2, { firstName: 'Beto', lastName: 'South' }),
    b1: await createRecordApplication(ctx.db, periods.b1, { firstName: 'Carla', lastName: 'Foreign' }),
  };
  const role = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, limited);
  const tokens = {
    school: await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA.id_school }),
    campus: await tokenFor(ctx, {
      context: CONTEXT_TYPE.CAMPUS,
      id_school: schoolA.id_school,
      id_campus: a1.id_campus,
    }),
    limited: await tokenFor(ctx, {
      context: CONTEXT_TYPE.CAMPUS,
      role: role.name,
      id_school: schoolA.id_school,
      id_campus: a1.id_campus,
    }),
  };
  return { schoolA, schoolB, campuses: { a1, a2, b1 }, periods, tags, apps, tokens };
}
