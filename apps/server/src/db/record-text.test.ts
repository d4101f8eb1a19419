import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { openTestDatabase } from '../test/harness';
import { arrayOf } from '../lib/sql';
import { parseRecords } from './record-text';

/** Texts that record_out quotes or escapes, or must not: each read back through the real database's row text. */
const TEXTS = [
  'plain',
  '',
  'a"b',
  '"',
  '""',
  'back\\slash',
  '\\',
  '\\"',
  'x\\\\"y""z',
  'a, comma',
  ',',
  '(paren)',
  ')',
  ' spaced ',
  'tab\there',
  'new\nline',
  '\r\n',
  '\u000b\f',
  '=1+2',
  'NULL',
  'ñandú 漢字 🙂',
  '{braces}',
];

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase({ migrated: false })));
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('parseRecords', () => {
  it('reads back each text, NULL apart from the empty text, and integers as numbers, across rows and lines', async () => {
    const { rows } = await database.executeSql(
      `SELECT string_agg(row(k, t, -k, null, t)::text, E'\\n' ORDER BY k) AS text
       FROM unnest($1::text[]) WITH ORDINALITY AS v(t, k)`,
      [arrayOf(TEXTS)],
    );
    const text = (rows[0] as { text: string }).text;
    expect(parseRecords(text, 5, [true, false, true, false, false])).toEqual(
      TEXTS.map((t, i) => [i + 1, t, -(i + 1), null, t]),
    );
  });
});
