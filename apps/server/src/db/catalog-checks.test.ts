import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { STATUS } from '@openseat/shared/constants';
import { openTestDatabase } from '../test/harness';

/*
 * Application statuses and history rows CHECK their catalog ids (migration 0014) instead of holding foreign keys:
 * the checks must cover exactly the seeded catalogs, so a new status or movement type fails here until its
 * migration widens them.
 */
let opened: Awaited<ReturnType<typeof openTestDatabase>>;
const query = async (text: string) =>
  (await opened.database.executeSql(text, [])).rows as Array<Record<string, unknown>>;

beforeAll(async () => {
  opened = await openTestDatabase();
});
afterAll(async () => {
  await opened.database.close();
  await opened.drop();
});

describe('catalog checks of the status history', () => {
  it('cover the seeded status and movement-type catalogs, and the constants', async () => {
    const [statuses] = await query('SELECT min(id_status) AS lo, max(id_status) AS hi, count(*)::int AS n FROM status');
    expect(statuses).toEqual({ lo: 1, hi: 11, n: 11 });
    expect(Math.max(...Object.values(STATUS))).toBe(11);
    const [movements] = await query(
      'SELECT min(id_status_movement_type) AS lo, max(id_status_movement_type) AS hi, count(*)::int AS n FROM status_movement_type',
    );
    expect(movements).toEqual({ lo: 1, hi: 7, n: 7 });
    expect(Math.max(...Object.values(MOVEMENT_TYPE))).toBe(7);
  });

  it('refuse an id outside the catalogs', async () => {
    const checks = (
      await query(`SELECT conname FROM pg_constraint WHERE contype = 'c' AND conname LIKE '%\\_known' ORDER BY conname`)
    ).map((r) => r.conname);
    expect(checks).toEqual([
      'application_status_known',
      'application_status_movement_known',
      'application_status_status_known',
    ]);
  });
});
