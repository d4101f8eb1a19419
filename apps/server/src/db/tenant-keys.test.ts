import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { isForeignKeyViolation } from '../lib/db-errors';
import { openTestDatabase } from '../test/harness';
import { createCampus, createSchool, createUser } from '../test/factories';
import { createPeriod, createTag } from '../test/enrollment-factories';
import type { Database } from './client';
import * as s from './schema/index';

/**
 * Tenant isolation in the database itself: a row that carries id_school can only point at a campus, period,
 * application, tag or template of that same school, whatever the code above it does. Each refusal has its
 * positive control (the same insert within one school succeeds), so the test fails if a key is missing.
 */
let database: Database;
let drop: () => Promise<void>;
let db: Database['db'];
type Campus = { id_school: number; id_campus: number };
let a: Campus;
let b: Campus;

const refused = async (insert: () => Promise<unknown>) => {
  const error = await insert().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the database accepted a cross-school reference').not.toBeNull();
  expect(isForeignKeyViolation(error), String(error)).toBe(true);
};

async function applicationOf(school: number, campus: Campus, correlative: number) {
  const [applicant] = await db
    .insert(s.applicant)
    .values({ id_school: school, firstName: 'Ana', lastName: 'Lopez' })
    .returning();
  return db
    .insert(s.application)
    .values({
      id_school: school,
      id_campus: campus.id_campus,
      id_school_year: 3,
      correlative,
      id_applicant: applicant.id_applicant,
      id_status: 1,
    })
    .returning()
    .then((rows) => rows[0]);
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  db = database.db;
  const schoolA = await createSchool(db, 'Keys A');
  const schoolB = await createSchool(db, 'Keys B');
  a = await createCampus(db, schoolA.id_school, 'Keys A North');
  b = await createCampus(db, schoolB.id_school, 'Keys B Main');
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('composite (id_school, id) foreign keys', () => {
  it('refuses a user whose campus belongs to another school, and a campus user without a school', async () => {
    await refused(() =>
      createUser(db, { context: CONTEXT_TYPE.CAMPUS, id_school: a.id_school, id_campus: b.id_campus }),
    );
    const own = await createUser(db, { context: CONTEXT_TYPE.CAMPUS, id_school: a.id_school, id_campus: a.id_campus });
    expect(own.id_campus).toBe(a.id_campus);
    await expect(
      createUser(db, { context: CONTEXT_TYPE.CAMPUS, id_school: null, id_campus: a.id_campus }),
    ).rejects.toThrow();
    await refused(() => db.update(s.user).set({ id_campus: b.id_campus }).where(eq(s.user.id_user, own.id_user)));
  });

  it("refuses periods, seats, tags, priorities and grades on another school's campus or period", async () => {
    await refused(() => createPeriod(db, { id_school: a.id_school, id_campus: b.id_campus }));
    const period = await createPeriod(db, a);
    await refused(() =>
      db
        .insert(s.campusYearGrade)
        .values({ id_school: b.id_school, id_campus_year: period.id_campus_year, id_grade: 3 }),
    );
    await db
      .insert(s.campusYearGrade)
      .values({ id_school: a.id_school, id_campus_year: period.id_campus_year, id_grade: 3 });
    await refused(() => createTag(db, { id_school: a.id_school, id_campus: b.id_campus }));
    await createTag(db, a);
    await refused(() =>
      db
        .insert(s.campusPriority)
        .values({ id_school: b.id_school, id_campus: a.id_campus, id_priority_item: 1, priority_level: 1 }),
    );
    await db
      .insert(s.campusPriority)
      .values({ id_school: a.id_school, id_campus: a.id_campus, id_priority_item: 1, priority_level: 1 });
    await refused(() =>
      db.update(s.campusGrade).set({ id_school: b.id_school }).where(eq(s.campusGrade.id_campus, a.id_campus)),
    );
  });

  it("refuses an application on another school's campus, applicant or period, and a tag or note across schools", async () => {
    await refused(() => applicationOf(a.id_school, b, 1));
    const application = await applicationOf(a.id_school, a, 2);
    const periodOfB = await createPeriod(db, b);
    await refused(() =>
      db
        .update(s.application)
        .set({ id_campus_year: periodOfB.id_campus_year })
        .where(eq(s.application.id_application, application.id_application)),
    );
    const [applicantOfB] = await db
      .insert(s.applicant)
      .values({ id_school: b.id_school, firstName: 'Luis', lastName: 'Diaz' })
      .returning();
    await refused(() =>
      db
        .update(s.application)
        .set({ id_applicant: applicantOfB.id_applicant })
        .where(eq(s.application.id_application, application.id_application)),
    );
    const tagOfB = await createTag(db, b);
    await refused(() =>
      db
        .insert(s.applicationTag)
        .values({ id_school: a.id_school, id_application: application.id_application, id_tag: tagOfB.id_tag }),
    );
    const tagOfA = await createTag(db, a);
    await db
      .insert(s.applicationTag)
      .values({ id_school: a.id_school, id_application: application.id_application, id_tag: tagOfA.id_tag });
    await refused(() =>
      db
        .insert(s.applicationNote)
        .values({ id_school: b.id_school, id_application: application.id_application, note: 'foreign' }),
    );
    await db
      .insert(s.applicationNote)
      .values({ id_school: a.id_school, id_application: application.id_application, note: 'own' });
  });

  it('a reference set to null when its target goes keeps its school and still refuses another school', async () => {
    const application = await applicationOf(a.id_school, a, 3);
    const outbox = (id_school: number, key: string) =>
      db
        .insert(s.messageOutbox)
        .values({
          id_school,
          id_application: application.id_application,
          idempotencyKey: key,
          channel: 'email',
          id_message_type: 1,
          recipient: 'family@example.org',
          body: 'Hello',
        })
        .returning();
    await refused(() => outbox(b.id_school, 'foreign'));
    const [message] = await outbox(a.id_school, 'own');
    await db.delete(s.application).where(eq(s.application.id_application, application.id_application));
    const [after] = await db.select().from(s.messageOutbox).where(eq(s.messageOutbox.id_message, message.id_message));
    expect(after).toMatchObject({ id_school: a.id_school, id_application: null });
  });

  it('every reference between two tenant tables carries id_school (a new table cannot forget it)', async () => {
    // foreign keys from a table with id_school to another table with id_school (users and schools aside:
    // a user may be a system user or serve several schools), and whether some key of the table covers
    // (id_school, column) -> (id_school, target column)
    const { rows } = await database.executeSql(`
      WITH fk AS (
        SELECT c.conname, c.conrelid, c.confrelid, c.conkey, c.confkey,
               (SELECT attnum FROM pg_attribute WHERE attrelid = c.conrelid AND attname = 'id_school') AS school_col,
               (SELECT attnum FROM pg_attribute WHERE attrelid = c.confrelid AND attname = 'id_school') AS target_school_col
        FROM pg_constraint c
        WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
      )
      SELECT fk.conrelid::regclass::text AS "table", fk.conname AS "constraint"
      FROM fk
      WHERE fk.school_col IS NOT NULL AND fk.target_school_col IS NOT NULL
        AND fk.confrelid NOT IN ('public.school'::regclass, 'public."user"'::regclass)
        AND NOT (fk.school_col = ANY (fk.conkey))
        AND NOT EXISTS (
          SELECT 1 FROM fk other
          WHERE other.conrelid = fk.conrelid AND other.confrelid = fk.confrelid
            AND other.conkey @> (fk.conkey || fk.school_col) AND other.confkey @> (fk.confkey || fk.target_school_col)
        )
      ORDER BY 1, 2`);
    expect(rows).toEqual([]);
  });
});
