import type { Database } from '../apps/server/src/db/client';
import { seedApplications, type BenchPeriod } from './applications-data';

/**
 * The results-day season of the family bench (issue 24): every started school period of the demo (both schools,
 * every campus) gets BACKGROUND applications of other families (the waiting lists the portal's counts read), a drawn
 * lottery, and the bench's guardians: guardian g (guardianEmail(g)) has one child's application, or two (3 in 10, in
 * another period), each waiting (with a lottery number, its level and a priority group), offered (with a deadline,
 * moved off the waiting list in one of eight weeks), applied, confirmed or declined.
 */
const BACKGROUND_PER_PERIOD = 10_000;
const FIRST = ['Ana', 'Luis', 'María', 'James', 'Olivia', 'Noah', 'Sofía', 'Liam', 'Emma', 'Mateo', 'Ava', 'Lucas'];

export const guardianEmail = (g: number) => `guardian${g}@family.bench.openseat.org`;

/**
 * The status of guardian g's k-th child, by (3g + 5k) mod 20: 0-7 waiting (40%), 8-11 offered, 12-16 applied,
 * 17-18 confirmed, 19 declined.
 */
const STATUS_OF = `(ARRAY[6,6,6,6,6,6,6,6,5,5,5,5,3,3,3,3,3,7,7,8])[1 + (3 * g + 5 * k) % 20]`;

export type FamilySeason = {
  periods: number;
  guardians: number;
  applications: number;
  waiting: number;
  offered: number;
  withTwo: number;
  background: number;
};

export async function seedFamilySeason(database: Database, guardians: number): Promise<FamilySeason> {
  const run = (text: string) => database.executeSql(text, []);
  const { rows } = await run(
    `SELECT id_school, id_campus, id_campus_year, id_school_year FROM campus_year WHERE state = 'started'
     ORDER BY id_campus_year`,
  );
  const periods = rows as BenchPeriod[];
  for (const period of periods) await seedApplications(database, period, BACKGROUND_PER_PERIOD, { analyze: false });
  const values = periods
    .map((p, i) => `(${i}, ${p.id_school}, ${p.id_campus}, ${p.id_campus_year}, ${p.id_school_year})`)
    .join(', ');
  await run(`
    INSERT INTO lottery (id_school, id_campus_year, state, algorithm, drawn_at)
    SELECT id_school, id_campus_year, 'drawn', 'openseat-lottery-v2', timestamptz '2026-02-01 15:00:00+00'
    FROM campus_year c WHERE state = 'started'
      AND NOT EXISTS (SELECT 1 FROM lottery l WHERE l.id_campus_year = c.id_campus_year AND l.state = 'drawn')`);
  // each child's (guardian, k) and period; the applicant's own e-mail carries the pair for the second insert
  const kids = `
    SELECT g, k, p.* FROM generate_series(1, ${guardians}) AS g CROSS JOIN generate_series(1, 2) AS k
    JOIN (VALUES ${values}) AS p(i, id_school, id_campus, id_campus_year, id_school_year)
      ON p.i = (g + k) % ${periods.length}
    WHERE k = 1 OR g % 10 < 3`;
  await run(`
    INSERT INTO applicant (id_school, first_name, last_name, email, date_of_birth, guardian_name, guardian_email,
                           guardian_phone_number, guardian_language)
    SELECT id_school, (ARRAY['${FIRST.join("','")}'])[1 + (g + k) % ${FIRST.length}], 'Family ' || g,
           'child' || g || '-' || k || '@family.bench.openseat.org', date '2016-01-01' + (g % 2000),
           'Guardian ' || g, 'guardian' || g || '@family.bench.openseat.org',
           '+1480' || lpad(g::text, 7, '0'), CASE WHEN g % 5 = 0 THEN 'es' ELSE 'en' END
    FROM (${kids}) kids`);
  await run(`
    WITH grades AS (
      SELECT id_campus_year, array_agg(id_grade ORDER BY id_grade) AS ids FROM campus_year_grade GROUP BY 1
    ), base AS (
      SELECT id_school, max(correlative) AS c FROM application GROUP BY 1
    ), kids AS (
      SELECT kids.*, ${STATUS_OF} AS status, ap.id_applicant,
             row_number() OVER (PARTITION BY kids.id_school ORDER BY g, k) AS n
      FROM (${kids}) kids
      JOIN applicant ap ON ap.email = 'child' || g || '-' || k || '@family.bench.openseat.org'
    )
    INSERT INTO application (id_school, id_campus, id_campus_year, id_school_year, correlative, id_applicant, id_grade,
                             id_priority_item, id_status, read, id_lottery, lottery_level, offer_expires_at,
                             created_at, updated_at)
    SELECT kids.id_school, kids.id_campus, kids.id_campus_year, kids.id_school_year, base.c + kids.n, id_applicant,
           grades.ids[1 + (g * k) % array_length(grades.ids, 1)], 1 + (g + k) % 4, status, true,
           CASE WHEN status IN (5, 6, 7) THEN l.id_lottery END,
           CASE WHEN status IN (5, 6, 7) THEN 1 + (g + k) % 4 END,
           CASE WHEN status = 5 THEN now() + (1 + g % 7) * interval '1 day' END,
           timestamptz '2026-01-10 09:00:00+00' + (g % 60) * interval '1 day' + k * interval '1 hour', now()
    FROM kids JOIN grades USING (id_campus_year) JOIN base USING (id_school)
    JOIN lottery l ON l.id_campus_year = kids.id_campus_year AND l.state = 'drawn'`);
  // the waiting lists numbered again 1..M per grade, the lottery's levels first; lottery numbers inside each level
  await run(`
    UPDATE application a SET waiting_list_position = r.pos
    FROM (
      SELECT id_application, row_number() OVER (
               PARTITION BY id_campus_year, id_grade ORDER BY lottery_level NULLS LAST, id_application) AS pos
      FROM application WHERE id_status = 6 AND deleted_at IS NULL AND id_campus_year IS NOT NULL
    ) r
    WHERE a.id_application = r.id_application`);
  await run(`
    UPDATE application a SET lottery_number = r.n
    FROM (
      SELECT id_application,
             row_number() OVER (PARTITION BY id_campus_year, id_grade, lottery_level ORDER BY id_application) AS n
      FROM application WHERE id_lottery IS NOT NULL
    ) r
    WHERE a.id_application = r.id_application`);
  const mine = `FROM application a JOIN applicant p ON p.id_applicant = a.id_applicant
    WHERE p.email LIKE 'child%@family.bench.openseat.org'`;
  await run(`
    INSERT INTO application_status (id_school, id_application, id_status, id_status_from, read, created_at)
    SELECT a.id_school, a.id_application, 1, NULL, true, a.created_at ${mine}`);
  // an offer came off the waiting list in one of eight weeks: the list's movement the portal shows
  await run(`
    INSERT INTO application_status (id_school, id_application, id_status, id_status_from, waiting_list_position, read,
                                    created_at)
    SELECT a.id_school, a.id_application, a.id_status, CASE a.id_status WHEN 5 THEN 6 WHEN 6 THEN 3 ELSE 1 END,
           a.waiting_list_position, true,
           timestamptz '2026-02-01 16:00:00+00' + (a.id_application % 8) * interval '1 week'
    ${mine}`);
  for (const table of ['applicant', 'application', 'application_status', 'lottery'])
    await run(`VACUUM ANALYZE ${table}`);
  const { rows: counts } = await run(`
    SELECT count(*)::int AS applications,
           count(*) FILTER (WHERE a.id_status = 6)::int AS waiting,
           count(*) FILTER (WHERE a.id_status = 5)::int AS offered,
           count(DISTINCT p.guardian_email)::int AS guardians,
           (SELECT count(*)::int FROM application) AS total
    ${mine}`);
  const c = counts[0] as { applications: number; waiting: number; offered: number; guardians: number; total: number };
  return {
    periods: periods.length,
    guardians: c.guardians,
    applications: c.applications,
    waiting: c.waiting,
    offered: c.offered,
    withTwo: c.applications - c.guardians,
    background: c.total - c.applications,
  };
}

/**
 * Guardians with one application only (g mod 10 >= 3), waiting or not, by the seed's own rule (STATUS_OF with k = 1):
 * the waiting ones cost the portal two more queries.
 */
export function singleApplicationGuardians(guardians: number, waiting: boolean, n: number): number[] {
  const found: number[] = [];
  for (let g = 1; g <= guardians && found.length < n; g++)
    if (g % 10 >= 3 && (3 * g + 5) % 20 < 8 === waiting) found.push(g);
  return found;
}
