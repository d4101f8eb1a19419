import { count } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { Executor } from '../client';
import { roleIdByName } from '../reference-data';
import * as s from '../schema/index';
import { hashPassword } from '../../lib/password';
import { DEMO_PASSWORD } from './demo-logins';
import { seedApplications, type CampusForApplications } from './demo-applications';
import { gradesOfCampus, seedCampusSetup, seedTags, seedTemplates } from './demo-enrollment';
import { seededRandom } from './random';

export const DEMO_APPLICATIONS = 3000;

/**
 * Deterministic demo data: a charter network of two schools and five campuses, one user per role level
 * (the README's demo logins) and a few more staff. Seeded only into an empty database.
 */
const SCHOOLS = [
  {
    name: 'Northstar Academies',
    address: '1200 Meridian Ave, Phoenix, AZ 85004',
    campuses: ['Northstar Downtown', 'Northstar Mesa Vista', 'Northstar Sunnyslope'],
  },
  { name: 'Riverside Charter Schools', address: '455 Riverbend Rd, Tucson, AZ 85701', campuses: ['Riverside Elementary', 'Riverside High'] },
];

const STAFF = ['Ana Gómez', 'Michael Chen', 'Lucía Fernández', 'David Johnson', 'Sofía Ramírez', 'Emily Carter', 'José Hernández', 'Sarah Williams'];

export type DemoSummary = { schools: number; campuses: number; users: number; applications: number };

export async function isDemoSeedNeeded(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(s.school);
  return row.n === 0;
}

export async function seedDemoData(db: Executor): Promise<DemoSummary> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const random = seededRandom(20261122);
  return db.transaction(async (tx) => {
    const roles = {
      superAdmin: await roleIdByName(tx, 'SuperAdmin'),
      system: await roleIdByName(tx, 'System Support'),
      school: await roleIdByName(tx, 'School Admin'),
      campus: await roleIdByName(tx, 'Campus Admin'),
      maintainer: await roleIdByName(tx, 'School Maintainer'),
    };
    const schoolIds: number[] = [];
    const campusIds: number[][] = [];
    const setups: Array<Omit<CampusForApplications, 'staffUserId'> & { id_school: number }> = [];
    for (const [i, def] of SCHOOLS.entries()) {
      const [school] = await tx
        .insert(s.school)
        .values({ name: def.name, address: def.address, telephone: `+1602555010${i}`, email: `office@school${i + 1}.demo.openseat.org`, website: `https://school${i + 1}.demo.openseat.org` })
        .returning();
      await tx.insert(s.schoolConfiguration).values({ id_school: school.id_school, is_charter_connect: i === 1 });
      schoolIds.push(school.id_school);
      const ids: number[] = [];
      for (const [j, name] of def.campuses.entries()) {
        const [campus] = await tx
          .insert(s.campus)
          .values({ id_school: school.id_school, name, isMain: j === 0, telephone: `+160255502${i}${j}`, email: `campus${j + 1}@school${i + 1}.demo.openseat.org` })
          .returning();
        await tx.insert(s.campusConfiguration).values({ id_school: school.id_school, id_campus: campus.id_campus, is_lottery_campus: j === 0, id_enrollment_sis: 1 });
        ids.push(campus.id_campus);
        const demoCampus = { id_school: school.id_school, id_campus: campus.id_campus, grades: gradesOfCampus(name) };
        const periods = await seedCampusSetup(tx, demoCampus, random);
        const tagIds = await seedTags(tx, demoCampus);
        await seedTemplates(tx, demoCampus);
        setups.push({ ...periods, tagIds, id_school: school.id_school });
      }
      campusIds.push(ids);
    }

    type NewUser = typeof s.user.$inferInsert;
    const user = (email: string, name: string, rest: Omit<NewUser, 'email' | 'name' | 'passwordHash'>): NewUser => ({ email, name, passwordHash, ...rest });
    const users: NewUser[] = [
      user('superadmin@demo.openseat.org', 'Sam Super', { id_context_type: CONTEXT_TYPE.SYSTEM, id_role: roles.superAdmin }),
      user('system@demo.openseat.org', 'Sonia Support', { id_context_type: CONTEXT_TYPE.SYSTEM, id_role: roles.system }),
      user('school@demo.openseat.org', 'Sharon School', { id_context_type: CONTEXT_TYPE.SCHOOL, id_role: roles.school, id_school: schoolIds[0], isAllCampuses: true }),
      user('campus@demo.openseat.org', 'Carlos Campus', { id_context_type: CONTEXT_TYPE.CAMPUS, id_role: roles.campus, id_school: schoolIds[0], id_campus: campusIds[0][0] }),
      user('maintainer@demo.openseat.org', 'Marta Maintainer', { id_context_type: CONTEXT_TYPE.SCHOOL_MAINTAINER, id_role: roles.maintainer }),
      ...STAFF.map((name, k) => {
        const schoolIndex = k % 2;
        const campusList = campusIds[schoolIndex];
        const atCampus = k >= 2;
        return user(`${name.toLowerCase().normalize('NFD').replace(/[^a-z ]/g, '').replace(' ', '.')}@demo.openseat.org`, name, {
          id_context_type: atCampus ? CONTEXT_TYPE.CAMPUS : CONTEXT_TYPE.SCHOOL,
          id_role: atCampus ? roles.campus : roles.school,
          id_school: schoolIds[schoolIndex],
          id_campus: atCampus ? campusList[k % campusList.length] : null,
          telephone: `+1602555${String(1000 + k)}`,
        });
      }),
    ];
    const inserted = await tx.insert(s.user).values(users).returning({ id_user: s.user.id_user, id_school: s.user.id_school, id_campus: s.user.id_campus, email: s.user.email });
    await tx.insert(s.userConfiguration).values(inserted.map((u) => ({ id_user: u.id_user, id_main_campus: u.id_campus ?? (u.id_school ? campusIds[schoolIds.indexOf(u.id_school)][0] : null) })));
    const maintainer = inserted.find((u) => u.email === 'maintainer@demo.openseat.org')!;
    await tx.insert(s.userSchool).values(schoolIds.map((id_school) => ({ id_user: maintainer.id_user, id_school })));
    const staffOf = (id_school: number) => inserted.find((u) => u.id_school === id_school && u.id_campus === null)?.id_user ?? null;
    const applications = await seedApplications(tx, random, setups.map((c) => ({ ...c, staffUserId: staffOf(c.id_school) })), DEMO_APPLICATIONS);
    return { schools: schoolIds.length, campuses: campusIds.flat().length, users: inserted.length, applications };
  });
}
