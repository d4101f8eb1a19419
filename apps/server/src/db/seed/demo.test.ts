import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, countDistinct, eq, sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/harness';
import type { Database } from '../client';
import * as s from '../schema/index';
import { DEMO_LOGINS } from './demo-logins';
import { DEMO_APPLICATIONS, isDemoSeedNeeded, seedDemoData } from './demo';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase()));
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('demo data', () => {
  it('seeds the network, the demo logins, periods, seats and applications, once', async () => {
    expect(await isDemoSeedNeeded(database.db)).toBe(true);
    const summary = await seedDemoData(database.db);
    expect(summary).toMatchObject({ schools: 2, campuses: 5, applications: DEMO_APPLICATIONS });
    expect(await isDemoSeedNeeded(database.db)).toBe(false);
    for (const login of DEMO_LOGINS) {
      const [user] = await database.db.select().from(s.user).where(eq(s.user.email, login.email));
      expect(user, login.email).toBeDefined();
    }
    const [statuses] = await database.db.select({ n: countDistinct(s.application.id_status) }).from(s.application);
    expect(statuses.n).toBe(11);
    const [periods] = await database.db.select({ started: sql<number>`count(*) filter (where state = 'started')::int`, notStarted: sql<number>`count(*) filter (where state = 'not_started')::int` }).from(s.campusYear);
    expect(periods).toEqual({ started: 5, notStarted: 5 });
  });

  it('keeps every current status equal to the newest history row', async () => {
    const mismatched = await database.executeSql(`
      SELECT a.id_application FROM application a
      JOIN LATERAL (SELECT id_status FROM application_status h WHERE h.id_application = a.id_application ORDER BY h.created_at DESC, h.id_application_status DESC LIMIT 1) newest ON true
      WHERE newest.id_status <> a.id_status`);
    expect(mismatched.rows).toEqual([]);
    const [withoutHistory] = await database.db.select({ n: count() }).from(s.application).where(sql`NOT EXISTS (SELECT 1 FROM application_status h WHERE h.id_application = ${s.application.id_application})`);
    expect(withoutHistory.n).toBe(0);
  });

  it('takes exactly the seats held by offered, confirmed and enrolled applications', async () => {
    const rows = await database.executeSql(`
      SELECT g.id_campus_year_grade, g.spots, g.taken,
        (SELECT count(*)::int FROM application a WHERE a.id_campus_year = g.id_campus_year AND a.id_grade = g.id_grade AND a.id_status IN (5, 7, 9)) AS holders
      FROM campus_year_grade g`);
    for (const row of rows.rows as Array<{ spots: number; taken: number; holders: number }>) {
      expect(row.taken).toBeLessThanOrEqual(row.spots);
      expect(row.taken).toBe(row.holders);
    }
  });

  it('is deterministic: a second database gets identical applications', async () => {
    const second = await openTestDatabase();
    try {
      await seedDemoData(second.database.db);
      const digest = (db: Database) =>
        db.executeSql(`SELECT md5(string_agg(concat_ws('|', a.correlative, a.id_campus, a.id_status, a.id_grade, a.waiting_list_position, p.first_name, p.last_name, p.date_of_birth), ',' ORDER BY a.id_application)) AS d FROM application a JOIN applicant p USING (id_applicant)`);
      expect((await digest(second.database)).rows).toEqual((await digest(database)).rows);
    } finally {
      await second.database.close();
      await second.drop();
    }
  });
});
