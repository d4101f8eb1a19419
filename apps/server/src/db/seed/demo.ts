import { count } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { Executor } from '../client';
import { roleIdByName } from '../reference-data';
import * as s from '../schema/index';
import { hashPassword } from '../../lib/password';
import { DEMO_PASSWORD } from './demo-logins';
import { seedApplications, type CampusForApplications } from './demo-applications';
import { OPEN_YEAR, gradesOfCampus, seedCampusSetup, seedTags, seedTemplates } from './demo-enrollment';
import { seededRandom, type Random } from './random';
import { seedDemoNotifications } from './demo-notifications';

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
  {
    name: 'Riverside Charter Schools',
    address: '455 Riverbend Rd, Tucson, AZ 85701',
    campuses: ['Riverside Elementary', 'Riverside High'],
  },
];

const STAFF = [
  'Ana Gómez',
  'Michael Chen',
  'Lucía Fernández',
  'David Johnson',
  'Sofía Ramírez',
  'Emily Carter',
  'José Hernández',
  'Sarah Williams',
];

export type DemoSummary = { schools: number; campuses: number; users: number; applications: number };

type Roles = Record<'superAdmin' | 'system' | 'school' | 'campus' | 'maintainer', number>;
type DemoSchool = { id_school: number; campusIds: number[] };
type DemoNetwork = { schools: DemoSchool[]; campuses: Array<Omit<CampusForApplications, 'staffUserId'>> };
type NewUser = typeof s.user.$inferInsert;

export async function isDemoSeedNeeded(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(s.school);
  return row.n === 0;
}

export async function seedDemoData(db: Executor): Promise<DemoSummary> {
  // argon2 is slow on purpose: one hash serves every demo user
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const random = seededRandom(20261122);
  return db.transaction(async (tx) => {
    const network = await seedNetwork(tx, random);
    const users = await seedUsers(tx, await demoRoles(tx), network.schools, passwordHash);
    const staffOf = (id_school: number) =>
      users.find((u) => u.id_school === id_school && u.id_campus === null)?.id_user ?? null;
    const campuses = network.campuses.map((c) => ({ ...c, staffUserId: staffOf(c.open.id_school) }));
    const applications = await seedApplications(tx, random, campuses, DEMO_APPLICATIONS);
    await seedDemoNotifications(tx);
    return { schools: network.schools.length, campuses: network.campuses.length, users: users.length, applications };
  });
}

async function demoRoles(tx: Executor): Promise<Roles> {
  return {
    superAdmin: await roleIdByName(tx, 'SuperAdmin'),
    system: await roleIdByName(tx, 'System Support'),
    school: await roleIdByName(tx, 'School Admin'),
    campus: await roleIdByName(tx, 'Campus Admin'),
    maintainer: await roleIdByName(tx, 'School Maintainer'),
  };
}

/** Schools, their campuses with configuration, grades, periods, seats, priorities, tags and templates. */
async function seedNetwork(tx: Executor, random: Random): Promise<DemoNetwork> {
  const network: DemoNetwork = { schools: [], campuses: [] };
  for (const [i, def] of SCHOOLS.entries()) {
    const [school] = await tx
      .insert(s.school)
      .values({
        name: def.name,
        address: def.address,
        telephone: `+1602555010${i}`,
        email: `office@school${i + 1}.demo.openseat.org`,
        website: `https://school${i + 1}.demo.openseat.org`,
      })
      .returning({ id_school: s.school.id_school });
    await tx.insert(s.schoolConfiguration).values({ id_school: school.id_school, is_charter_connect: i === 1 });
    const campusIds: number[] = [];
    for (const [j, name] of def.campuses.entries()) {
      const [campus] = await tx
        .insert(s.campus)
        .values({
          id_school: school.id_school,
          name,
          isMain: j === 0,
          address: def.address,
          telephone: `+160255502${i}${j}`,
          email: `campus${j + 1}@school${i + 1}.demo.openseat.org`,
        })
        .returning({ id_campus: s.campus.id_campus });
      // the lottery is on for the first campus of the first school only, as a school would start
      await tx.insert(s.campusConfiguration).values({
        id_school: school.id_school,
        id_campus: campus.id_campus,
        is_lottery_campus: i === 0 && j === 0,
        id_enrollment_sis: 1,
        // texts to families go out from the campus's own number
        phone_number: `+160255502${i}${j}`,
      });
      const demoCampus = { id_school: school.id_school, id_campus: campus.id_campus, grades: gradesOfCampus(name) };
      const periods = await seedCampusSetup(tx, demoCampus, random);
      const tagIds = await seedTags(tx, demoCampus);
      await seedTemplates(tx, demoCampus);
      network.campuses.push({ ...periods, tagIds });
      campusIds.push(campus.id_campus);
    }
    network.schools.push({ id_school: school.id_school, campusIds });
  }
  return network;
}

const emailOf = (name: string) =>
  `${name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z ]/g, '')
    .replace(' ', '.')}@demo.openseat.org`;

/** The five demo logins (one per role level) and more staff, each with its configuration row. */
async function seedUsers(tx: Executor, roles: Roles, schools: DemoSchool[], passwordHash: string) {
  const [first, second] = schools;
  const user = (email: string, name: string, rest: Omit<NewUser, 'email' | 'name' | 'passwordHash'>): NewUser => ({
    email,
    name,
    passwordHash,
    ...rest,
  });
  const staff = STAFF.map((name, k) => {
    const school = schools[k % schools.length];
    const atCampus = k >= 2;
    return user(emailOf(name), name, {
      id_context_type: atCampus ? CONTEXT_TYPE.CAMPUS : CONTEXT_TYPE.SCHOOL,
      id_role: atCampus ? roles.campus : roles.school,
      id_school: school.id_school,
      id_campus: atCampus ? school.campusIds[k % school.campusIds.length] : null,
      isAllCampuses: !atCampus,
      telephone: `+1602555${String(1000 + k)}`,
    });
  });
  const rows = await tx
    .insert(s.user)
    .values([
      user('superadmin@demo.openseat.org', 'Sam Super', {
        id_context_type: CONTEXT_TYPE.SYSTEM,
        id_role: roles.superAdmin,
      }),
      user('system@demo.openseat.org', 'Sonia Support', {
        id_context_type: CONTEXT_TYPE.SYSTEM,
        id_role: roles.system,
      }),
      user('school@demo.openseat.org', 'Sharon School', {
        id_context_type: CONTEXT_TYPE.SCHOOL,
        id_role: roles.school,
        id_school: first.id_school,
        isAllCampuses: true,
      }),
      user('campus@demo.openseat.org', 'Carlos Campus', {
        id_context_type: CONTEXT_TYPE.CAMPUS,
        id_role: roles.campus,
        id_school: first.id_school,
        id_campus: first.campusIds[0],
      }),
      user('maintainer@demo.openseat.org', 'Marta Maintainer', {
        id_context_type: CONTEXT_TYPE.SCHOOL_MAINTAINER,
        id_role: roles.maintainer,
      }),
      ...staff,
    ])
    .returning({
      id_user: s.user.id_user,
      id_school: s.user.id_school,
      id_campus: s.user.id_campus,
      email: s.user.email,
    });
  const mainCampus = (u: (typeof rows)[number]) =>
    u.id_campus ?? schools.find((sc) => sc.id_school === u.id_school)?.campusIds[0] ?? null;
  await tx.insert(s.userConfiguration).values(
    rows.map((u) => ({
      id_user: u.id_user,
      id_main_campus: mainCampus(u),
      id_main_school_year: u.id_school ? OPEN_YEAR.id_school_year : null,
      lng: 'en',
      theme: 'default',
    })),
  );
  const maintainer = rows.find((u) => u.email === 'maintainer@demo.openseat.org');
  if (maintainer)
    await tx
      .insert(s.userSchool)
      .values([first, second].map((sc) => ({ id_user: maintainer.id_user, id_school: sc.id_school })));
  return rows;
}
