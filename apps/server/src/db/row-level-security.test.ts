import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READS_NO_SCHOOL, withDatabaseScope } from '../lib/database-scope';
import { findUserOfSession } from '../modules/auth/auth.repository';
import { sqlStateOf } from '../lib/db-errors';
import { openTestDatabase } from '../test/harness';
import { openDatabase, type Database } from './client';
import { seedDemoData } from './seed/demo';
import { rowsOf } from '../lib/sql';

/*
 * Row-level security on the PostgreSQL server (migration 0049, docs/privacy.md), generated from the catalog: every
 * table whose rows belong to one school, read and written through the requests' pool as another school, gives
 * nothing and takes nothing. PGlite keeps the application's checks only.
 */

/** The test database (the owner's handle), and the requests' handle on it with row-level security on. */
const file = {} as { database: Database; scoped: Database; drop: () => Promise<void> };
const server = Boolean(process.env.TEST_DATABASE_URL);

type TenantTable = { table: string; school: number; rows: number };

/** Each protected table with the school holding most of its rows (the demo network fills them). */
async function protectedTables(): Promise<{ all: string[]; filled: TenantTable[] }> {
  const { rows } = await file.database.executeSql(
    `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relrowsecurity ORDER BY 1`,
  );
  const all = (rows as { table: string }[]).map((r) => r.table);
  const filled: TenantTable[] = [];
  for (const table of all) {
    const { rows: top } = await file.database.executeSql(
      `SELECT id_school AS school, count(*)::int AS rows FROM "${table}" GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    const first = top[0] as { school: number; rows: number } | undefined;
    if (first) filled.push({ table, ...first });
  }
  return { all, filled };
}

const countAs = (schools: string, table: string, school: number) =>
  withDatabaseScope(async () => {
    const result = await file.scoped.requestDb.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE id_school = ${school}`,
    );
    return rowsOf<{ n: number }>(result)[0].n;
  }, schools);

describe.skipIf(!server)('row-level security on the PostgreSQL server', () => {
  afterAll(async () => {
    await file.scoped?.close();
    await file.database?.close();
    await file.drop?.();
  });
  let tables: { all: string[]; filled: TenantTable[] };
  let otherSchool: number;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    Object.assign(file, { database: opened.database, drop: opened.drop });
    file.scoped = await openDatabase({ databaseUrl: opened.url, dataDir: null, rowSecurity: true });
    await seedDemoData(file.database.db);
    tables = await protectedTables();
    const { rows } = await file.database.executeSql('SELECT max(id_school)::int + 1 AS n FROM school');
    otherSchool = (rows[0] as { n: number }).n;
  }, 120_000);

  it("covers every table that carries a school but the tenant and a user's schools", async () => {
    const { rows } = await file.database.executeSql(
      `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id_school'
          AND is_nullable = 'NO' AND table_name NOT IN ('school', 'user_school')
          AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE')
        ORDER BY 1`,
    );
    expect(tables.all).toEqual((rows as { table_name: string }[]).map((r) => r.table_name));
    expect(tables.filled.length).toBeGreaterThan(20);
  });

  it('a start on a protected database locks no table: it alters and grants nothing more', async () => {
    // a request in flight holds a write lock on the applications, as a start finds it on a busy server
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = file.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE application IN ROW EXCLUSIVE MODE`);
      locked();
      await held;
    });
    await isLocked;
    try {
      await file.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL lock_timeout = '2s'`);
        await tx.execute(sql`SELECT openseat_protect_tenant_tables()`);
      });
    } finally {
      release();
      await holder;
    }
  });

  it("requests run as the role the policies bind, not the tables' owner", async () => {
    // drizzle's queries start when awaited: inside the scope, as a request's handler does
    const result = await withDatabaseScope(async () => {
      return await file.scoped.requestDb.execute(
        sql`SELECT current_user AS role, current_setting('openseat.schools') AS schools`,
      );
    }, '7');
    expect(rowsOf(result)).toEqual([{ role: 'openseat_app', schools: '7' }]);
    const everySchool = await withDatabaseScope(async () => {
      return await file.scoped.requestDb.execute(sql`SELECT current_user AS role`);
    }, '*');
    expect(rowsOf(everySchool)).toEqual([{ role: 'openseat_app_every_school' }]);
  });

  it("signs in without reading any school's rows: the sign-in check answers alike with no scope", async () => {
    // the check runs in whatever scope its session last served (READS_NO_SCHOOL): a school's row in it would differ
    const { rows } = await file.database.executeSql(
      `SELECT u.id_user, u.id_school FROM "user" u WHERE u.id_school IS NOT NULL AND u.id_role IS NOT NULL
        ORDER BY u.id_user LIMIT 1`,
    );
    const user = rows[0] as { id_user: number; id_school: number };
    const check = (db: Database['db']) => findUserOfSession(db, user.id_user, randomUUID(), user.id_school);
    const asOwner = await check(file.database.db);
    expect(asOwner?.role).toBeTruthy();
    for (const schools of ['', String(otherSchool), READS_NO_SCHOOL])
      expect(await withDatabaseScope(() => check(file.scoped.requestDb), schools), schools).toEqual(asOwner);
  });

  it('binds each policy to its request role: a scope condition alone for openseat_app, every row for the other', async () => {
    const { rows } = await file.database.executeSql(
      `SELECT c.relname AS table,
              string_agg(p.polname || ' ' || r.rolname || ' ' || pg_get_expr(p.polqual, p.polrelid), ' | '
                         ORDER BY p.polname) AS policies
         FROM pg_class c JOIN pg_policy p ON p.polrelid = c.oid
         JOIN pg_roles r ON r.oid = ANY (p.polroles)
        WHERE c.relrowsecurity GROUP BY 1 ORDER BY 1`,
    );
    expect((rows as { table: string }[]).map((r) => r.table)).toEqual(tables.all);
    for (const { table, policies } of rows as { table: string; policies: string }[])
      expect(policies, table).toBe(
        'every_school openseat_app_every_school true | ' +
          'tenant_scope openseat_app (id_school = ANY (( SELECT openseat_schools() AS openseat_schools)::integer[]))',
      );
  });

  it("reads nothing of a school's rows as another school, or with no scope; all of them in its own", async () => {
    for (const { table, school, rows } of tables.filled) {
      expect(await countAs(String(school), table, school), table).toBe(rows);
      expect(await countAs('*', table, school), table).toBe(rows);
      expect(await countAs(String(otherSchool), table, school), table).toBe(0);
      expect(await countAs('', table, school), table).toBe(0);
    }
  });

  it("finds by text only applicants of the schools in scope (the search's view reads as the owner)", async () => {
    const { rows } = await file.database.executeSql(
      `SELECT id_school AS school, count(*)::int AS n FROM applicant GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    const { school, n } = rows[0] as { school: number; n: number };
    const found = (schools: string) =>
      withDatabaseScope(async () => {
        const result = await file.scoped.requestDb.execute(
          sql`SELECT count(*)::int AS n FROM applicant_search WHERE id_school = ${school} AND search_text LIKE '%'`,
        );
        return rowsOf<{ n: number }>(result)[0].n;
      }, schools);
    expect(await found(String(school))).toBe(n);
    expect(await found(String(otherSchool))).toBe(0);
    expect(await found('')).toBe(0);
  });

  it("updates and deletes none of a school's rows as another school", async () => {
    for (const { table, school } of tables.filled) {
      const changed = await withDatabaseScope(async () => {
        const update = await file.scoped.requestDb.execute(
          sql`UPDATE ${sql.identifier(table)} SET id_school = id_school WHERE id_school = ${school}`,
        );
        const remove = await file.scoped.requestDb.execute(
          sql`DELETE FROM ${sql.identifier(table)} WHERE id_school = ${school}`,
        );
        return [update, remove].map((result) => (result as { rowCount: number }).rowCount);
      }, String(otherSchool));
      expect(changed, table).toEqual([0, 0]);
    }
  });

  it('inserts no row of a school as another school: the policy refuses it (42501)', async () => {
    for (const { table, school } of tables.filled) {
      const { rows } = await file.database.executeSql(
        `SELECT row_to_json(t)::text AS row FROM "${table}" t WHERE id_school = $1 LIMIT 1`,
        [school],
      );
      const row = (rows[0] as { row: string }).row;
      // generated columns and identities that refuse values are left to the table
      const { rows: writable } = await file.database.executeSql(
        `SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS columns
           FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1
            AND is_generated = 'NEVER' AND coalesce(identity_generation, '') <> 'ALWAYS'`,
        [table],
      );
      const columns = sql.raw((writable[0] as { columns: string }).columns);
      const refused = await withDatabaseScope(
        () =>
          file.scoped.requestDb
            .execute(
              sql`INSERT INTO ${sql.identifier(table)} (${columns}) SELECT ${columns} FROM json_populate_record(NULL::${sql.identifier(table)}, ${row}::json)`,
            )
            .then(() => 'inserted', sqlStateOf),
        String(otherSchool),
      );
      expect(refused, table).toBe('42501');
    }
  });
});
