import { CONTEXT_TYPE, type ContextTypeId } from '@openseat/shared/constants';
import type { Executor } from '../db/client';
import { roleIdByName } from '../db/reference-data';
import * as s from '../db/schema/index';
import { hashPassword } from '../lib/password';
import { insertCampus } from '../modules/campuses/campuses.repository';
import { SYSTEM_SCOPE } from '../lib/scope';
import { eq } from 'drizzle-orm';

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | null = null;
const testHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

let counter = 0;
const next = () => ++counter;

export async function createSchool(db: Executor, name = `School ${next()}`) {
  const [school] = await db.insert(s.school).values({ name }).returning();
  // no SMS quiet hours: a test's texts go at whatever hour it runs (the quiet-hours tests set their own)
  await db
    .insert(s.schoolConfiguration)
    .values({ id_school: school.id_school, sms_quiet_start: '00:00', sms_quiet_end: '00:00' });
  return school;
}

/** A campus made as the app makes one: with its configuration and its (inactive) grades. */
export async function createCampus(db: Executor, id_school: number, name = `Campus ${next()}`) {
  const id_campus = await insertCampus(db, SYSTEM_SCOPE, { id_school, name });
  const [campus] = await db.select().from(s.campus).where(eq(s.campus.id_campus, id_campus));
  return campus;
}

const DEFAULT_ROLE: Record<ContextTypeId, string> = {
  [CONTEXT_TYPE.SYSTEM]: 'SuperAdmin',
  [CONTEXT_TYPE.SCHOOL]: 'School Admin',
  [CONTEXT_TYPE.CAMPUS]: 'Campus Admin',
  [CONTEXT_TYPE.SCHOOL_MAINTAINER]: 'School Maintainer',
};

export type UserSpec = {
  context: ContextTypeId;
  role?: string;
  id_school?: number | null;
  id_campus?: number | null;
  isAllCampuses?: boolean;
  isActive?: boolean;
  email?: string;
  maintainedSchools?: number[];
};

export async function createUser(db: Executor, spec: UserSpec) {
  const n = next();
  const [user] = await db
    .insert(s.user)
    .values({
      id_context_type: spec.context,
      id_role: await roleIdByName(db, spec.role ?? DEFAULT_ROLE[spec.context]),
      name: `User ${n}`,
      email: spec.email ?? `user${n}.${Date.now()}@test.openseat.org`,
      passwordHash: await testHash(),
      id_school: spec.id_school ?? null,
      id_campus: spec.id_campus ?? null,
      isAllCampuses: spec.isAllCampuses ?? false,
      isActive: spec.isActive ?? true,
    })
    .returning();
  await db.insert(s.userConfiguration).values({ id_user: user.id_user });
  for (const id_school of spec.maintainedSchools ?? [])
    await db.insert(s.userSchool).values({ id_user: user.id_user, id_school });
  return user;
}

/** The PUT /user body that keeps a stored user as it is, with the fields in `over` changed. */
export async function userPutBody(db: Executor, user: typeof s.user.$inferSelect, over: Record<string, unknown> = {}) {
  const schools = await db.select().from(s.userSchool).where(eq(s.userSchool.id_user, user.id_user));
  return {
    id_user: user.id_user,
    name: user.name,
    email: user.email,
    telephone: user.telephone ?? '',
    id_role: user.id_role,
    id_school: user.id_school,
    id_campus: user.id_campus,
    isAllCampuses: user.isAllCampuses,
    isActive: user.isActive,
    schoolIds: schools.map((r) => r.id_school).sort((x, y) => x - y),
    ...over,
  };
}
