import type { SchoolConfigurationRequest, SchoolListQuery, SchoolRequest } from '@openseat/shared/schemas/schools';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../audit/audit.service';
import { sealSecret } from '../../lib/crypto';
import { forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { assertSenderNumbersUnique } from '../communication/sms-senders.service';
import { assertMayChangeFields, isSystemUser } from '../../lib/field-rules';
import { SCHOOL_CSV_COLUMNS, presentSchool, presentSchoolConfiguration, schoolCsvCells } from './schools.presenter';
import * as repo from './schools.repository';

/**
 * Who may change which field of a school (beyond the route's own permission): the subscription belongs to
 * system users; activation to schools/enable_disable, whichever route carries it.
 */
const schoolFieldRules = (caller: Principal) => ({ subscribedUntil: isSystemUser(caller) });
const configurationFieldRules = (caller: Principal) => ({
  active: caller.ability.can('enable_disable', 'schools'),
  is_charter_connect: isSystemUser(caller),
});

async function requireSchool(db: Executor, caller: Principal, id_school: number) {
  const school = await repo.findSchool(db, caller.scope, id_school);
  if (!school) throw notFound();
  return school;
}

export async function listSchools(db: Db, caller: Principal, query: SchoolListQuery) {
  const { rows, total } = await repo.listSchools(db, caller.scope, query, query.page, query.pageSize);
  return { data: rows.map(presentSchool), total, page: query.page, pageSize: query.pageSize };
}

export async function searchSchools(db: Db, caller: Principal, term: string) {
  const { rows } = await repo.listSchools(db, caller.scope, { text: term }, 0, 20);
  return rows.map((r) => ({ id_school: r.id_school, name: r.name }));
}

/** The schools export: audited, then streamed row by row in the spec's columns. */
export async function exportSchools(db: Db, caller: Principal, query: SchoolListQuery) {
  await writeAudit(db, caller, {
    action: 'school.export',
    entity: 'school',
    changes: { filter: { tab: query.tab ?? null, text: query.text ?? null } },
  });
  async function* rows() {
    for await (const school of repo.eachSchool(db, caller.scope, query)) yield schoolCsvCells(school);
  }
  return { filename: 'schools.csv', columns: SCHOOL_CSV_COLUMNS, rows: rows() };
}

export async function getSchool(db: Db, caller: Principal, id_school: number) {
  return presentSchool(await requireSchool(db, caller, id_school));
}

export async function createSchool(db: Db, caller: Principal, input: SchoolRequest) {
  if (caller.scope.id_school !== null) throw forbidden('noPermissionSchoolData');
  return db.transaction(async (tx) => {
    const id_school = await repo.insertSchool(tx, caller.scope, input);
    await writeAudit(tx, caller, {
      action: 'school.create',
      entity: 'school',
      entityId: id_school,
      id_school,
      changes: input,
    });
    return presentSchool(await requireSchool(tx, caller, id_school));
  });
}

/** Editing a school needs schools/edit (the list screen) or school/edit (its own detail screen). */
export function assertMayEditSchool(caller: Principal) {
  if (!caller.ability.can('edit', 'schools') && !caller.ability.can('edit', 'school'))
    throw forbidden('noPermissionSchoolData');
}

export async function updateSchool(db: Db, caller: Principal, id_school: number, input: SchoolRequest) {
  assertMayEditSchool(caller);
  return db.transaction(async (tx) => {
    const before = await requireSchool(tx, caller, id_school);
    assertMayChangeFields(before, input, schoolFieldRules(caller), 'noPermissionSchoolData');
    await repo.updateSchool(tx, caller.scope, id_school, input);
    await writeAudit(tx, caller, {
      action: 'school.update',
      entity: 'school',
      entityId: id_school,
      id_school,
      changes: diff(before, input),
    });
    return presentSchool(await requireSchool(tx, caller, id_school));
  });
}

export async function setSchoolActive(db: Db, caller: Principal, id_school: number, active: boolean) {
  return db.transaction(async (tx) => {
    const before = await requireSchool(tx, caller, id_school);
    await repo.updateConfiguration(tx, caller.scope, id_school, { active });
    await writeAudit(tx, caller, {
      action: active ? 'school.activate' : 'school.deactivate',
      entity: 'school',
      entityId: id_school,
      id_school,
      changes: diff(before, { active }),
    });
    return presentSchool(await requireSchool(tx, caller, id_school));
  });
}

async function requireConfiguration(db: Executor, caller: Principal, id_school: number) {
  const configuration = await repo.findConfiguration(db, caller.scope, id_school);
  if (!configuration) throw notFound();
  return configuration;
}

export async function getConfiguration(db: Db, key: Buffer, caller: Principal, id_school: number) {
  return presentSchoolConfiguration(key, await requireConfiguration(db, caller, id_school));
}

export async function updateConfiguration(db: Db, key: Buffer, caller: Principal, input: SchoolConfigurationRequest) {
  return db.transaction(async (tx) => {
    const before = await requireConfiguration(tx, caller, input.id_school);
    const { sendgrid_api_key, fp_access_token, twilio_auth_token, id_school, ...plain } = input;
    assertMayChangeFields(before, plain, configurationFieldRules(caller), 'noPermissionSchoolData');
    const change = {
      ...plain,
      sendgrid_api_key_encrypted: sealSecret(key, sendgrid_api_key),
      fp_access_token_encrypted: sealSecret(key, fp_access_token),
      twilio_auth_token_encrypted: sealSecret(key, twilio_auth_token),
    };
    await repo.updateConfiguration(tx, caller.scope, id_school, change);
    const accountChanged =
      change.twilio_auth_token_encrypted !== undefined ||
      (plain.twilio_account_sid !== undefined && plain.twilio_account_sid !== before.twilio_account_sid);
    if (accountChanged) await assertSenderNumbersUnique(tx, { id_school });
    await writeAudit(tx, caller, {
      action: 'school.configure',
      entity: 'school_configuration',
      entityId: id_school,
      id_school,
      changes: diff(before, change),
    });
    return presentSchoolConfiguration(key, await requireConfiguration(tx, caller, id_school));
  });
}
