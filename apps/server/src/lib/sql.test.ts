import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayOf } from './sql';

describe('arrayOf', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(() => db.close());

  it('reads back as the same values, whatever the text holds', async () => {
    const texts = ['plain', 'a, comma', 'say "hi"', 'back\\slash', '{braces}', 'NULL', '', ' spaced ', 'ñandú', null];
    const { rows } = await db.query<{ v: string | null }>(`SELECT unnest($1::text[]) AS v`, [arrayOf(texts)]);
    expect(rows.map((r) => r.v)).toEqual(texts);
  });

  it('carries numbers, booleans, nulls and instants', async () => {
    const at = new Date('2026-11-25T01:02:03.456Z');
    const { rows } = await db.query<{ n: number | null; b: boolean; t: Date | null }>(
      `SELECT * FROM unnest($1::int[], $2::boolean[], $3::timestamptz[]) AS v(n, b, t)`,
      [arrayOf([1, null, -3]), arrayOf([true, false, true]), arrayOf([at.toISOString(), null, at.toISOString()])],
    );
    expect(rows).toEqual([
      { n: 1, b: true, t: at },
      { n: null, b: false, t: null },
      { n: -3, b: true, t: at },
    ]);
  });
});
