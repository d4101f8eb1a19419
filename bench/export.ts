/**
 * node --import tsx bench/export.ts [rows]: the application CSV export at scale, in-process over PGlite (or the
 * PostgreSQL server named by TEST_DATABASE_URL). Seeds `rows` applications (default 100,000) with their applicants
 * and status rows, then prints: time and rows/s of GET /application/export over HTTP, peak RSS above the level
 * before the export (sampled every 20 ms), and the same id windows read directly through the repository.
 * RSS grows with V8's lazy collection; run with `node --max-old-space-size=96` to see the export hold no rows.
 */
import { sql } from 'drizzle-orm';
import { LIST_TYPE, STATUS } from '@openseat/shared/constants';
import { SYSTEM_SCOPE } from '../apps/server/src/lib/scope';
import { exportWindow, maxApplicationId } from '../apps/server/src/modules/exports/exports.repository';
import { EXPORT_PAGE_SIZE } from '../apps/server/src/modules/exports/exports.service';
import { createCampus, createSchool, createUser } from '../apps/server/src/test/factories';
import { createPeriod } from '../apps/server/src/test/enrollment-factories';
import { startTestApp } from '../apps/server/src/test/harness';
import { signIn } from '../apps/server/src/test/session';
import { CONTEXT_TYPE } from '@openseat/shared/constants';

const rows = Number(process.argv[2] ?? 100_000);
const ctx = await startTestApp();
try {
  const school = await createSchool(ctx.db, 'Bench School');
  const campus = await createCampus(ctx.db, school.id_school, 'Bench Campus');
  const period = await createPeriod(ctx.db, campus, { state: 'started' });
  const t0 = performance.now();
  await ctx.db.execute(sql`
    WITH people AS (
      INSERT INTO applicant (id_school, first_name, last_name, email, phone_number, date_of_birth, address)
      SELECT ${school.id_school}, 'Niño ' || n, 'Núñez ' || n, 'child' || n || '@example.org', '+1555' || lpad(n::text, 7, '0'),
        DATE '2018-01-01' + (n % 700), n || ' Main St'
      FROM generate_series(1, ${rows}) n RETURNING id_applicant
    )
    INSERT INTO application (id_school, id_campus, id_campus_year, id_school_year, correlative, id_applicant, id_grade, id_status)
    SELECT ${school.id_school}, ${campus.id_campus}, ${period.id_campus_year}, ${period.id_school_year},
      row_number() OVER (ORDER BY id_applicant), id_applicant, 3 + (id_applicant % 6), ${STATUS.APPLIED} FROM people`);
  const seedMs = performance.now() - t0;
  const admin = await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  const token = (await signIn(ctx.baseUrl, admin.email)).accessToken;

  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t1 = performance.now();
  const res = await fetch(`${ctx.baseUrl}/api/application/export?type=${LIST_TYPE.INBOX}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const httpMs = performance.now() - t1;
  clearInterval(sampler);

  const filter = { type: LIST_TYPE.INBOX, statuses: [STATUS.LEAD, STATUS.CONTACTED, STATUS.APPLIED] } as Parameters<
    typeof exportWindow
  >[2];
  const t2 = performance.now();
  let direct = 0;
  const last = await maxApplicationId(ctx.db);
  for (let after = 0; after < last; after += EXPORT_PAGE_SIZE)
    direct += (
      await exportWindow(ctx.db, SYSTEM_SCOPE, filter, {
        afterId: after,
        toId: after + EXPORT_PAGE_SIZE,
        withTags: false,
      })
    ).length;
  const directMs = performance.now() - t2;

  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.table({
    database: { value: process.env.TEST_DATABASE_URL ? 'PostgreSQL server' : 'PGlite (in process)' },
    'seeded applications': { value: rows, ms: Math.round(seedMs) },
    'HTTP export': {
      value: `${lines - 1} rows, ${mb(bytes)} MiB`,
      ms: Math.round(httpMs),
      'rows/s': Math.round(((lines - 1) * 1000) / httpMs),
    },
    'same pages, direct': {
      value: `${direct} rows`,
      ms: Math.round(directMs),
      'rows/s': Math.round((direct * 1000) / directMs),
    },
    'RSS before / peak': { value: `${mb(base)} / ${mb(peak)} MiB (+${mb(peak - base)})` },
  });
} finally {
  await ctx.close();
}
