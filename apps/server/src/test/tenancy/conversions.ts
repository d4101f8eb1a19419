import { STATUS } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import { createApplication } from '../application-factories';
import type { Fixtures, Row } from './kit';

// ---- conversion events (ads-conversions): the settings and the log of a school ----

let cvf: Awaited<ReturnType<typeof buildConversionFixtures>>;

/** One conversion event per school, each naming a campaign the other school may never see. */
async function buildConversionFixtures(db: TestContext['db'], x: Fixtures) {
  const add = async (c: 'a1' | 'b1', campaign_id: string) => {
    const app = await createApplication(db, x.enrollment[c].period, { id_status: STATUS.APPLIED });
    await db.insert(s.adsConversionEvent).values({
      id_school: app.id_school,
      id_application: app.id_application,
      id_ads_conversion_event_type: 1,
      id_status: STATUS.APPLIED,
      campaign_id,
      status: 'sent',
    });
  };
  await add('a1', 'Alpha-Campaign');
  await add('b1', 'Secret-Beta-Campaign');
  return { foreign: ['Secret-Beta-Campaign'] };
}

export const CONVERSION_ROWS: Row[] = [
  {
    route: 'GET /ads-conversions/settings',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/ads-conversions/settings?id_school=${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/ads-conversions/settings?id_school=${x.schoolB.id_school}` }),
    foreign: () => [],
  },
  {
    route: 'PUT /ads-conversions/settings',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/ads-conversions/settings',
      body: { id_school: x.schoolA.id_school, ads_consent_basis: 'guardian_consent' },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/ads-conversions/settings',
      body: { id_school: x.schoolB.id_school, ads_consent_basis: 'guardian_consent', ads_conversions_enabled: true },
    }),
    foreign: () => [],
  },
  {
    route: 'GET /ads-conversions/events',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/ads-conversions/events?id_school=${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/ads-conversions/events?id_school=${x.schoolB.id_school}` }),
    foreign: () => cvf.foreign,
  },
];

/** Builds the records of this part's rows (once, before the rows run). */
export async function setupConversions(ctx: Pick<TestContext, 'db'>, x: Fixtures) {
  cvf = await buildConversionFixtures(ctx.db, x);
}
