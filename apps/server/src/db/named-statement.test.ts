import { and, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseOfFile } from '../test/harness';
import { namedOnPglite } from './named-statement';
import * as s from './schema';

/*
 * A drizzle prepared query run as a named statement (db/named-statement.ts): the same rows, typed and mapped, as
 * drizzle's own; its parameters bound at each call (a Date among them); the statement held by the database under its
 * name after the first call, on PGlite as on the server; a call the database refuses is an error and the next works.
 */
const file = databaseOfFile();

const gradesFrom = (name: string) =>
  namedOnPglite(
    file.database.db
      .select({ id: s.grade.id_grade, name: s.grade.name, at: sql<Date>`${sql.placeholder('at')}::timestamptz` })
      .from(s.grade)
      .where(and(gt(s.grade.position, sql.placeholder('from')), eq(sql`1`, sql.placeholder('one'))))
      .orderBy(s.grade.position)
      .prepare(name),
    name,
  );

describe('a named statement', () => {
  it('answers what drizzle answers, with each call its own parameters, and is held by name', async () => {
    const query = gradesFrom('grades_from');
    const at = new Date('2027-03-01T12:00:00Z');
    const all = await file.database.db.select({ id: s.grade.id_grade }).from(s.grade).orderBy(s.grade.position);
    const first = await query.execute({ from: 0, at, one: 1 });
    expect(first.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(new Date(first[0].at).toISOString()).toBe(at.toISOString());
    const later = await query.execute({ from: 5, at, one: 1 });
    expect(later.map((r) => r.id)).toEqual(all.slice(5).map((r) => r.id));
    expect(await query.execute({ from: 0, at, one: 2 })).toEqual([]);
    const { rows } = await file.database.executeSql(`SELECT count(*)::int AS n FROM pg_prepared_statements`, []);
    // on the server, the pool's connection that ran it holds it; PGlite's one session does
    if (file.database.kind === 'pglite') expect(rows).toEqual([{ n: 1 }]);
  });

  it('answers a refusal as an error, and runs again after it', async () => {
    const query = gradesFrom('grades_refused');
    await expect(query.execute({ from: 'not a number', at: new Date(), one: 1 })).rejects.toThrow();
    expect((await query.execute({ from: 100, at: new Date(), one: 1 })).length).toBe(0);
  });
});
