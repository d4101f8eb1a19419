import { describe, expect, it } from 'vitest';
import { count, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { databaseOfFile, openTestDatabase } from '../../test/harness';
import { expectSeatsAndPlacesConsistent } from '../../test/application-factories';
import type { Database } from '../client';
import * as s from '../schema/index';
import { DEMO_LOGINS } from './demo-logins';
import { DEMO_APPLICATIONS, isDemoSeedNeeded, seedDemoData } from './demo';

const file = databaseOfFile();

describe('demo data', () => {
  // 3,000 applications with their histories: seconds alone, more on a machine running other suites beside it
  it('seeds the network, the demo logins, periods, seats and applications, once', { timeout: 120_000 }, async () => {
    expect(await isDemoSeedNeeded(file.database.db)).toBe(true);
    const summary = await seedDemoData(file.database.db);
    expect(summary).toMatchObject({ schools: 2, campuses: 5, applications: DEMO_APPLICATIONS });
    expect(await isDemoSeedNeeded(file.database.db)).toBe(false);
    const [counts] = await file.database.db
      .select({
        schools: countDistinct(s.school.id_school),
        campuses: countDistinct(s.campus.id_campus),
        applications: countDistinct(s.application.id_application),
      })
      .from(s.school)
      .leftJoin(s.campus, eq(s.campus.id_school, s.school.id_school))
      .leftJoin(s.application, eq(s.application.id_campus, s.campus.id_campus));
    expect(counts).toEqual({ schools: 2, campuses: 5, applications: DEMO_APPLICATIONS });
    const statuses = await file.database.db
      .selectDistinct({ id: s.application.id_status })
      .from(s.application)
      .orderBy(s.application.id_status);
    expect(statuses.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const [periods] = await file.database.db
      .select({
        started: sql<number>`count(*) filter (where state = 'started')::int`,
        notStarted: sql<number>`count(*) filter (where state = 'not_started')::int`,
      })
      .from(s.campusYear);
    expect(periods).toEqual({ started: 5, notStarted: 5 });
    // the seats taken are the applications holding them, and every waiting list is numbered 1..M
    await expectSeatsAndPlacesConsistent(file.database.db);
  });

  it('creates the demo logins with their context types, schools and campuses', async () => {
    const users = await file.database.db
      .select()
      .from(s.user)
      .where(
        inArray(
          s.user.email,
          DEMO_LOGINS.map((l) => l.email),
        ),
      );
    const byEmail = new Map(users.map((u) => [u.email, u]));
    const [firstSchool] = await file.database.db.select().from(s.school).orderBy(s.school.id_school).limit(1);
    const [firstCampus] = await file.database.db
      .select()
      .from(s.campus)
      .where(eq(s.campus.id_school, firstSchool.id_school))
      .orderBy(s.campus.id_campus)
      .limit(1);
    expect(byEmail.get('superadmin@demo.openseat.org')).toMatchObject({
      id_context_type: CONTEXT_TYPE.SYSTEM,
      id_school: null,
    });
    expect(byEmail.get('system@demo.openseat.org')).toMatchObject({
      id_context_type: CONTEXT_TYPE.SYSTEM,
      id_school: null,
    });
    expect(byEmail.get('school@demo.openseat.org')).toMatchObject({
      id_context_type: CONTEXT_TYPE.SCHOOL,
      id_school: firstSchool.id_school,
      isAllCampuses: true,
    });
    expect(byEmail.get('campus@demo.openseat.org')).toMatchObject({
      id_context_type: CONTEXT_TYPE.CAMPUS,
      id_school: firstSchool.id_school,
      id_campus: firstCampus.id_campus,
    });
    const maintainer = byEmail.get('maintainer@demo.openseat.org');
    expect(maintainer).toMatchObject({ id_context_type: CONTEXT_TYPE.SCHOOL_MAINTAINER, id_school: null });
    const schools = await file.database.db
      .select()
      .from(s.userSchool)
      .where(eq(s.userSchool.id_user, maintainer?.id_user ?? -1));
    expect(schools).toHaveLength(2);
    const [withoutConfiguration] = await file.database.db
      .select({ n: count() })
      .from(s.user)
      .where(sql`NOT EXISTS (SELECT 1 FROM user_configuration c WHERE c.id_user = ${s.user.id_user})`);
    expect(withoutConfiguration.n).toBe(0);
  });

  it('keeps every current status equal to the newest history row', async () => {
    const mismatched = await file.database.executeSql(`
      SELECT a.id_application FROM application a
      JOIN LATERAL (SELECT id_status FROM application_status h WHERE h.id_application = a.id_application ORDER BY h.created_at DESC, h.id_application_status DESC LIMIT 1) newest ON true
      WHERE newest.id_status <> a.id_status`);
    expect(mismatched.rows).toEqual([]);
    const [withoutHistory] = await file.database.db
      .select({ n: count() })
      .from(s.application)
      .where(
        sql`NOT EXISTS (SELECT 1 FROM application_status h WHERE h.id_application = ${s.application.id_application})`,
      );
    expect(withoutHistory.n).toBe(0);
  });

  it('takes exactly the seats held by offered, confirmed and enrolled applications', async () => {
    const rows = await file.database.executeSql(`
      SELECT g.id_campus_year_grade, g.spots, g.taken,
        (SELECT count(*)::int FROM application a WHERE a.id_campus_year = g.id_campus_year AND a.id_grade = g.id_grade AND a.id_status IN (5, 7, 9)) AS holders
      FROM campus_year_grade g`);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows as Array<{ spots: number; taken: number; holders: number }>) {
      expect(row.taken).toBeLessThanOrEqual(row.spots);
      expect(row.taken).toBe(row.holders);
    }
  });

  it('numbers waiting lists 1..n per period and grade, and applications 1..n per school', async () => {
    const gaps = await file.database.executeSql(`
      SELECT id_campus_year, id_grade FROM application WHERE id_status = 6
      GROUP BY id_campus_year, id_grade
      HAVING min(waiting_list_position) <> 1 OR max(waiting_list_position) <> count(*) OR count(DISTINCT waiting_list_position) <> count(*)`);
    expect(gaps.rows).toEqual([]);
    const numbering = await file.database.executeSql(`
      SELECT id_school FROM application GROUP BY id_school HAVING min(correlative) <> 1 OR max(correlative) <> count(*)`);
    expect(numbering.rows).toEqual([]);
  });

  it('walks each status history forward in time, from a lead', async () => {
    const backwards = await file.database.executeSql(`
      SELECT id_application FROM (
        SELECT id_application, created_at, id_status_from,
          lag(created_at) OVER w AS previous_at, lag(id_status) OVER w AS previous_status
        FROM application_status WINDOW w AS (PARTITION BY id_application ORDER BY id_application_status)
      ) h
      WHERE previous_at IS NOT NULL AND (created_at <= previous_at OR id_status_from <> previous_status)`);
    expect(backwards.rows).toEqual([]);
    const [notFromLead] = await file.database.db
      .select({ n: count() })
      .from(s.applicationStatus)
      .where(sql`id_status_from IS NULL AND id_status <> 1`);
    expect(notFromLead.n).toBe(0);
  });

  it('is deterministic: a second database gets identical applications', { timeout: 120_000 }, async () => {
    const second = await openTestDatabase();
    try {
      await seedDemoData(second.database.db);
      const digest = (db: Database) =>
        db.executeSql(
          `SELECT md5(string_agg(concat_ws('|', a.id_school, a.correlative, a.id_campus, a.id_campus_year, a.id_status, a.id_grade, a.id_priority_item, a.waiting_list_position, a.read, a.created_at, a.platform, p.first_name, p.last_name, p.date_of_birth, p.guardian_name, p.guardian_phone_number, p.address), ',' ORDER BY a.id_application)) AS d FROM application a JOIN applicant p USING (id_applicant)`,
        );
      expect((await digest(second.database)).rows).toEqual((await digest(file.database)).rows);
    } finally {
      await second.database.close();
      await second.drop();
    }
  });
});
