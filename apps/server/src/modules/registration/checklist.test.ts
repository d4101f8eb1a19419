import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { RegistrationChecklist, RegistrationItemInput } from '@openseat/shared/schemas/registration';
import * as s from '../../db/schema/index';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { tokenFor } from '../../test/session';

/*
 * The registration checklist staff edit per school period (issue 25): items kept while unchanged, a new version when
 * changed (the old one retired, never deleted), a stale editor refused, a copy from another period of the school.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let token: string;
let school: { id_school: number };
let n = 0;

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Registration School');
  token = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
});
afterAll(() => ctx?.close());

async function newPeriod() {
  const campus = await createCampus(ctx.db, school.id_school, `Registration Campus ${++n}`);
  await createCampusGrades(ctx.db, campus, [3]);
  return createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 5 } });
}

const words = (en: string) => ({ en, es: `${en} (es)` });
const BIRTH_CERTIFICATE: RegistrationItemInput = {
  kind: 'document',
  required: true,
  labels: words('Birth certificate'),
  help: null,
  document: { types: ['pdf', 'jpeg'], maxMb: 10 },
};
const HANDBOOK: RegistrationItemInput = {
  kind: 'agreement',
  required: true,
  labels: words('Family handbook'),
  help: null,
  agreement: { text: words('We have read the handbook.'), signers: 'two' },
};
const HEALTH: RegistrationItemInput = {
  kind: 'form',
  required: false,
  labels: words('Health'),
  help: words('Tell us what the nurse should know.'),
  form: {
    fields: [
      { key: 'allergies', type: 'yes_no', labels: words('Allergies?'), required: true, showIf: null },
      {
        key: 'which',
        type: 'text',
        labels: words('Which ones?'),
        required: true,
        showIf: { field: 'allergies', equals: 'yes' },
      },
    ],
  },
};

type Saved = { message: string; data: RegistrationChecklist; code?: string };
const save = (id_campus_year: number, items: unknown[]) =>
  call<Saved>('PUT', '/registration/checklist', { token, body: { id_campus_year, items } });
const read = (id_campus_year: number) =>
  call<RegistrationChecklist>('GET', `/registration/checklist?id_campus_year=${id_campus_year}`, { token });
const rowsOf = (id_campus_year: number) =>
  ctx.db
    .select()
    .from(s.registrationItem)
    .where(eq(s.registrationItem.id_campus_year, id_campus_year))
    .orderBy(asc(s.registrationItem.id_registration_item));

describe('a school period’s registration checklist', () => {
  it('starts empty, saves items in order, and reads them back as written', async () => {
    const period = await newPeriod();
    expect((await read(period.id_campus_year)).body.items).toEqual([]);
    const saved = await save(period.id_campus_year, [BIRTH_CERTIFICATE, HEALTH, HANDBOOK]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Saved.');
    const items = (await read(period.id_campus_year)).body.items;
    expect(items.map((i) => i.labels.en)).toEqual(['Birth certificate', 'Health', 'Family handbook']);
    expect(items[0]).toMatchObject({ kind: 'document', document: { types: ['pdf', 'jpeg'], maxMb: 10 } });
    expect(items[1].form!.fields[1].showIf).toEqual({ field: 'allergies', equals: 'yes' });
    expect(items[2]).toMatchObject({ agreement: { signers: 'two' } });
    expect(new Set(items.map((i) => i.version)).size).toBe(3);
    for (const i of items) expect(i.version).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps an unchanged item (reordered too), versions a changed one, retires one left out: nothing deleted', async () => {
    const period = await newPeriod();
    const first = (await save(period.id_campus_year, [BIRTH_CERTIFICATE, HEALTH, HANDBOOK])).body.data.items;
    const [certificate, health, handbook] = first;
    const changedHandbook = {
      ...HANDBOOK,
      id_registration_item: handbook.id_registration_item,
      agreement: { ...HANDBOOK.agreement!, text: words('We have read the 2027 handbook.') },
    };
    const res = await save(period.id_campus_year, [
      changedHandbook,
      // as the screen sends back what it read: the same item, the same version
      { ...certificate },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [newHandbook, keptCertificate] = res.body.data.items;
    expect(keptCertificate).toEqual(certificate);
    expect(newHandbook.id_registration_item).not.toBe(handbook.id_registration_item);
    expect(newHandbook.version).not.toBe(handbook.version);

    const rows = await rowsOf(period.id_campus_year);
    expect(rows).toHaveLength(4);
    const byId = new Map(rows.map((r) => [r.id_registration_item, r]));
    expect(byId.get(handbook.id_registration_item)!.retiredAt).not.toBeNull();
    expect(byId.get(health.id_registration_item)!.retiredAt).not.toBeNull();
    expect(byId.get(certificate.id_registration_item)).toMatchObject({ retiredAt: null, position: 1 });
    expect(byId.get(newHandbook.id_registration_item)).toMatchObject({
      replaces: handbook.id_registration_item,
      position: 0,
    });
    // the words signed before are still there, under their version
    expect(byId.get(handbook.id_registration_item)!.settings).toMatchObject({
      text: words('We have read the handbook.'),
    });
  });

  it('refuses an out-of-date editor (an item another save retired) and changes nothing', async () => {
    const period = await newPeriod();
    const [certificate] = (await save(period.id_campus_year, [BIRTH_CERTIFICATE])).body.data.items;
    await save(period.id_campus_year, [HANDBOOK]);
    const before = await rowsOf(period.id_campus_year);
    const stale = await save(period.id_campus_year, [certificate, HEALTH]);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'Someone else changed this checklist meanwhile. Reload it and make your changes again.',
    );
    expect(await rowsOf(period.id_campus_year)).toEqual(before);
  });

  it('answers 400 with the field for a bad item, and changes nothing', async () => {
    const period = await newPeriod();
    const bad = await save(period.id_campus_year, [
      BIRTH_CERTIFICATE,
      { ...HEALTH, form: { fields: [HEALTH.form!.fields[1]] } },
    ]);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('The condition must name an earlier choice or yes/no field');
    const twice = await save(period.id_campus_year, [
      { ...BIRTH_CERTIFICATE, id_registration_item: 1 },
      { ...HANDBOOK, id_registration_item: 1 },
    ]);
    expect(twice.status).toBe(400);
    expect(await rowsOf(period.id_campus_year)).toEqual([]);
    expect((await call('GET', '/registration/checklist?id_campus_year=abc', { token })).status).toBe(400);
  });

  it("copies another period's checklist over this one's, as new rows", async () => {
    const [from, to] = [await newPeriod(), await newPeriod()];
    const source = (await save(from.id_campus_year, [BIRTH_CERTIFICATE, HANDBOOK])).body.data.items;
    const [old] = (await save(to.id_campus_year, [HEALTH])).body.data.items;
    const copied = await call<Saved>('POST', '/registration/checklist/copy', {
      token,
      body: { from_id_campus_year: from.id_campus_year, id_campus_year: to.id_campus_year },
    });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    const items = copied.body.data.items;
    expect(items.map((i) => i.version)).toEqual(source.map((i) => i.version));
    expect(items.map((i) => i.id_registration_item)).not.toEqual(source.map((i) => i.id_registration_item));
    const rows = await rowsOf(to.id_campus_year);
    expect(rows.find((r) => r.id_registration_item === old.id_registration_item)!.retiredAt).not.toBeNull();
    // the source is as it was
    expect((await read(from.id_campus_year)).body.items).toEqual(source);
    const same = await call('POST', '/registration/checklist/copy', {
      token,
      body: { from_id_campus_year: to.id_campus_year, id_campus_year: to.id_campus_year },
    });
    expect(same.status).toBe(400);
  });
});
