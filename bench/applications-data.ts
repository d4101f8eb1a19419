import type { Database } from '../apps/server/src/db/client';

/**
 * Bench data: `count` more applications (with applicants and status history) in the first started school
 * period of the demo, written by the database itself (generate_series), so 100,000 take seconds.
 * The rules the pipeline keeps hold afterwards: nobody holds a seat (no offered/confirmed/enrolled rows are
 * added), waiting-list positions are dense 1..M per grade, correlatives go on from the school's highest.
 */
export type BenchPeriod = {
  id_school: number;
  id_campus: number;
  id_campus_year: number;
  id_school_year: number;
};

const FIRST = ['Ana', 'Luis', 'María', 'James', 'Olivia', 'Noah', 'Sofía', 'Liam', 'Emma', 'Mateo', 'Ava', 'Lucas'];
const LAST = ['García', 'Smith', 'Johnson', 'López', 'Brown', 'Martínez', 'Davis', 'Hernández', 'Wilson', 'Moore'];
/** lead, contacted, applied, denied, waiting list, declined: the statuses that hold no seat. */
const STATUSES = [1, 1, 2, 3, 3, 3, 4, 6, 6, 8];

const sqlArray = (values: readonly (string | number)[]) =>
  `ARRAY[${values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(',')}]`;

export async function findBenchPeriod(database: Database): Promise<BenchPeriod> {
  const { rows } = await database.executeSql(
    `SELECT id_school, id_campus, id_campus_year, id_school_year FROM campus_year
     WHERE state = 'started' ORDER BY id_school, id_campus_year LIMIT 1`,
    [],
  );
  if (!rows.length) throw new Error('no started school period: seed the demo first');
  return rows[0] as BenchPeriod;
}

/**
 * `count` applications in the installation: up to `perPeriod` in the measured period, the rest shared among the demo's
 * other school periods (both schools, every campus and year), as a network's data grows: each list reads one period.
 */
export async function seedInstallation(database: Database, period: BenchPeriod, count: number, perPeriod: number) {
  const { rows } = await database.executeSql(
    `SELECT id_school, id_campus, id_campus_year, id_school_year FROM campus_year
     WHERE id_campus_year <> $1 ORDER BY id_campus_year`,
    [period.id_campus_year],
  );
  const others = rows as BenchPeriod[];
  const measured = Math.min(count, perPeriod);
  const share = Math.ceil((count - measured) / Math.max(1, others.length));
  let left = count - measured;
  for (const other of others) {
    if (left <= 0) break;
    await seedApplications(database, other, Math.min(share, left), { analyze: false });
    left -= Math.min(share, left);
  }
  await seedApplications(database, period, measured);
}

export async function seedApplications(
  database: Database,
  period: BenchPeriod,
  count: number,
  { analyze = true } = {},
) {
  const run = (text: string) => database.executeSql(text, []);
  const { rows } = await run(`SELECT coalesce(max(id_applicant), 0) AS a FROM applicant`);
  const afterApplicant = Number((rows[0] as { a: number }).a);
  await run(`
    INSERT INTO applicant (id_school, first_name, last_name, email, phone_number, date_of_birth,
                           guardian_name, guardian_email, guardian_phone_number)
    SELECT ${period.id_school},
           (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] || ' ' || i,
           (${sqlArray(LAST)})[1 + (i / 7) % ${LAST.length}],
           'family' || i || '@bench.openseat.org',
           '+1602' || lpad((i % 10000000)::text, 7, '0'),
           date '2015-01-01' + (i % 3000),
           'Guardian ' || i,
           'guardian' || i || '@bench.openseat.org',
           '+1520' || lpad((i % 10000000)::text, 7, '0')
    FROM generate_series(1, ${count}) AS i`);
  await run(`
    WITH grades AS (
      SELECT array_agg(id_grade ORDER BY id_grade) AS ids FROM campus_year_grade
      WHERE id_campus_year = ${period.id_campus_year}
    ), base AS (
      SELECT coalesce(max(correlative), 0) AS c FROM application WHERE id_school = ${period.id_school}
    ), fresh AS (
      SELECT id_applicant, row_number() OVER (ORDER BY id_applicant) AS i FROM applicant
      WHERE id_applicant > ${afterApplicant}
    )
    INSERT INTO application (id_school, id_campus, id_campus_year, id_school_year, correlative, id_applicant,
                             id_grade, id_priority_item, id_status, read, created_at, updated_at)
    SELECT ${period.id_school}, ${period.id_campus}, ${period.id_campus_year}, ${period.id_school_year},
           base.c + fresh.i, fresh.id_applicant,
           grades.ids[1 + fresh.i % array_length(grades.ids, 1)],
           CASE WHEN fresh.i % 3 = 0 THEN NULL ELSE 1 + fresh.i % 4 END,
           (${sqlArray(STATUSES)})[1 + fresh.i % ${STATUSES.length}],
           fresh.i % 4 <> 0,
           timestamptz '2025-11-01 12:00:00+00' + (fresh.i % 365) * interval '1 day' + (fresh.i % 600) * interval '1 minute',
           now()
    FROM fresh, grades, base`);
  // the waiting list, numbered again 1..M per grade (the demo's own waiting rows keep their order)
  await run(`
    UPDATE application a SET waiting_list_position = r.pos
    FROM (
      SELECT id_application,
             row_number() OVER (PARTITION BY id_grade ORDER BY waiting_list_position NULLS LAST, id_application) AS pos
      FROM application
      WHERE id_campus_year = ${period.id_campus_year} AND id_status = 6 AND deleted_at IS NULL
    ) r
    WHERE a.id_application = r.id_application`);
  // history: the lead row, then the move to the current status
  await run(`
    INSERT INTO application_status (id_school, id_application, id_status, id_status_from, read, created_at)
    SELECT a.id_school, a.id_application, 1, NULL, true, a.created_at
    FROM application a JOIN applicant p ON p.id_applicant = a.id_applicant
    WHERE p.id_applicant > ${afterApplicant}`);
  await run(`
    INSERT INTO application_status (id_school, id_application, id_status, id_status_from, waiting_list_position,
                                    read, created_at)
    SELECT a.id_school, a.id_application, a.id_status, 1, a.waiting_list_position, a.read,
           a.created_at + interval '2 days'
    FROM application a JOIN applicant p ON p.id_applicant = a.id_applicant
    WHERE p.id_applicant > ${afterApplicant} AND a.id_status <> 1`);
  // as autovacuum (or, on PGlite, the hourly database.vacuum job) leaves tables after a bulk load: statistics for the
  // planner, and pages marked all-visible so that covering indexes answer without reading the rows
  if (analyze)
    for (const table of ['applicant', 'application', 'application_status']) await run(`VACUUM ANALYZE ${table}`);
}
