import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { openTestDatabase } from '../../test/harness';
import type { Database } from '../client';
import * as s from '../schema/index';
import { DEMO_LOGINS } from './demo-logins';
import { isDemoSeedNeeded, seedDemoData } from './demo';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase()));
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('demo data', () => {
  it('seeds the network, the demo logins and nothing twice', async () => {
    expect(await isDemoSeedNeeded(database.db)).toBe(true);
    const summary = await seedDemoData(database.db);
    expect(summary).toMatchObject({ schools: 2, campuses: 5 });
    expect(await isDemoSeedNeeded(database.db)).toBe(false);
    for (const login of DEMO_LOGINS) {
      const [user] = await database.db.select().from(s.user).where(eq(s.user.email, login.email));
      expect(user, login.email).toBeDefined();
    }
    const [maintained] = await database.db.select({ n: count() }).from(s.userSchool);
    expect(maintained.n).toBe(2);
  });
});
