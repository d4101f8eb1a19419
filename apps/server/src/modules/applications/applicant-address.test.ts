import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDetail } from '@openseat/shared/schemas/applications';
import type { CampusRow } from '@openseat/shared/schemas/schools';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { recordsWorld } from '../../test/records-setup';
import { addressOf } from '../forms/forms.payloads';

/** The applicant's address in parts (SIS exports read them) and the campus's SIS school number. */
let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let w: Awaited<ReturnType<typeof recordsWorld>>;

type Saved = { data: ApplicationDetail; errors?: Array<{ path: string; message: string }> };

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  w = await recordsWorld(ctx);
});
afterAll(() => ctx?.close());

const lead = (applicant: object) => ({
  id_campus: w.campuses.a1.id_campus,
  id_school_year: w.periods.a1.id_school_year,
  id_grade: 3,
  applicant: { firstName: 'Lía', lastName: 'Calle', ...applicant },
  guardian: { name: 'Ana Calle', email: 'ana.calle@example.org' },
});

describe('the applicant address', () => {
  it('is taken in parts, and its one line is built from them', async () => {
    const parts = { addressStreet: '12 Elm St', addressCity: 'Phoenix', addressState: 'az', addressZip: '85004-1234' };
    const res = await call<Saved>('POST', '/application', { token: w.tokens.campus, body: lead(parts) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.applicant).toMatchObject({
      ...parts,
      addressState: 'AZ',
      address: '12 Elm St, Phoenix, AZ 85004-1234',
    });
    const moved = await call<Saved>('PUT', '/application', {
      token: w.tokens.campus,
      body: {
        id_application: res.body.data.id_application,
        applicant: { firstName: 'Lía', lastName: 'Calle', address: 'ignored', ...parts, addressCity: 'Mesa' },
        guardian: { name: 'Ana Calle', email: 'ana.calle@example.org' },
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.applicant.address).toBe('12 Elm St, Mesa, AZ 85004-1234');
  });

  it('keeps a one-line address as given when no part is (older clients)', async () => {
    const res = await call<Saved>('POST', '/application', {
      token: w.tokens.campus,
      body: lead({ lastName: 'Linea', address: 'Rancho 4, Nogales' }),
    });
    expect(res.body.data.applicant).toMatchObject({
      address: 'Rancho 4, Nogales',
      addressStreet: null,
      addressCity: null,
      addressState: null,
      addressZip: null,
    });
  });

  it('refuses a state that is not a two-letter code and a zip that is not 12345[-6789], naming the field', async () => {
    for (const [field, value] of [
      ['addressState', 'Arizona'],
      ['addressState', 'A1'],
      ['addressZip', '8500'],
      ['addressZip', '=1+2'],
    ]) {
      const res = await call<Saved>('POST', '/application', { token: w.tokens.campus, body: lead({ [field]: value }) });
      expect(res.status, `${field} ${value}`).toBe(400);
      expect(res.body.errors?.map((e) => e.path)).toEqual([`applicant.${field}`]);
    }
  });

  it('from a form: parts when they read right, else everything on one line (nothing refused, nothing lost)', () => {
    expect(
      addressOf({ address_street: '9 Oak Ave', address_city: 'Tempe', address_state: 'AZ', address_zip: '85281' }),
    ).toMatchObject({ addressStreet: '9 Oak Ave', addressCity: 'Tempe', addressState: 'AZ', addressZip: '85281' });
    expect(addressOf({ address_street: '9 Oak Ave', address_city: 'Tempe', address_state: 'Arizona' })).toEqual({
      address: '9 Oak Ave, Tempe, Arizona',
      addressStreet: null,
      addressCity: null,
      addressState: null,
      addressZip: null,
    });
    expect(addressOf({ address: '1 Main St, Mesa' })).toMatchObject({
      address: '1 Main St, Mesa',
      addressStreet: null,
    });
  });

  it('migration 0022 splits only "street, city, ST 12345" addresses of existing rows', async () => {
    const file = path.resolve(__dirname, '../../../drizzle/0022_address_parts_sis_school_number.sql');
    const backfill = fs.readFileSync(file, 'utf8').split('--> statement-breakpoint').at(-1)!;
    const lines = [
      '123 Main St, Phoenix, AZ 85004',
      ' 9 Elm Rd Apt 2 ,  Mesa , az 85201-1234 ',
      'PO Box 7, Tucson',
      '123 Main St, Apt 4, Phoenix, AZ 85004',
      'Calle 5 #12, Monterrey, NL 64000',
      'Main Street, Phoenix, AZ 85004',
    ];
    const rows = await ctx.db
      .insert(s.applicant)
      .values(lines.map((address) => ({ id_school: w.schoolA.id_school, firstName: 'M', lastName: 'G', address })))
      .returning({ id: s.applicant.id_applicant });
    await ctx.db.execute(sql.raw(backfill));
    const after = await ctx.db
      .select()
      .from(s.applicant)
      .where(
        inArray(
          s.applicant.id_applicant,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(s.applicant.id_applicant);
    expect(after.map((a) => [a.address, a.addressStreet, a.addressCity, a.addressState, a.addressZip])).toEqual([
      ['123 Main St, Phoenix, AZ 85004', '123 Main St', 'Phoenix', 'AZ', '85004'],
      [' 9 Elm Rd Apt 2 ,  Mesa , az 85201-1234 ', '9 Elm Rd Apt 2', 'Mesa', 'AZ', '85201-1234'],
      ...lines.slice(2).map((line) => [line, null, null, null, null]),
    ]);
  });
});

describe('the campus SIS school number', () => {
  it('is saved, shown and validated (letters, digits, hyphens; up to 20)', async () => {
    const campus = w.campuses.a1;
    const body = (sis_school_number: string | null) => ({
      id_campus: campus.id_campus,
      id_school: campus.id_school,
      name: campus.name,
      sis_school_number,
    });
    const saved = await call<{ data: CampusRow }>('PUT', '/campus', { token: w.tokens.school, body: body('0142') });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.sis_school_number).toBe('0142');
    const [row] = await ctx.db.select().from(s.campus).where(eq(s.campus.id_campus, campus.id_campus));
    expect(row.sisSchoolNumber).toBe('0142');
    for (const bad of ['01 42', '=1+2', 'x'.repeat(21)]) {
      const res = await call<Saved>('PUT', '/campus', { token: w.tokens.school, body: body(bad) });
      expect(res.status, bad).toBe(400);
      expect(res.body.errors?.map((e) => e.path)).toEqual(['sis_school_number']);
    }
  });
});
