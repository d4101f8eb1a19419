import type { SchoolConfigurationRequest, SchoolListQuery, SchoolRequest } from '@openseat/shared/schemas/schools';
import type { Db } from '../../db/client';
import { diff, writeAudit } from '../../lib/audit';
import { decryptSecret, encryptSecret, maskSecret } from '../../lib/crypto';
import { forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.principal';
import * as repo from './schools.repository';

export async function listSchools(db: Db, caller: Principal, query: SchoolListQuery) {
  const { rows, total } = await repo.listSchools(db, caller.scope, query, query.page, query.pageSize);
  return { data: rows, total, page: query.page, pageSize: query.pageSize };
}

export async function searchSchools(db: Db, caller: Principal, term: string) {
  return (await repo.listSchools(db, caller.scope, { text: term }, 0, 20)).rows.map((r) => ({ id_school: r.id_school, name: r.name }));
}

export async function getSchool(db: Db, caller: Principal, id_school: number) {
  const school = await repo.findSchool(db, caller.scope, id_school);
  if (!school) throw notFound();
  return school;
}

export async function createSchool(db: Db, caller: Principal, input: SchoolRequest) {
  if (caller.scope.id_school !== null) throw forbidden('noPermissionSchoolData');
  return db.transaction(async (tx) => {
    const id_school = await repo.insertSchool(tx, input);
    await writeAudit(tx, caller, { action: 'school.create', entity: 'school', entityId: id_school, id_school, changes: input });
    return (await repo.findSchool(tx, caller.scope, id_school))!;
  });
}

/** Editing a school needs schools/edit (the list screen) or school/edit (its own detail screen). */
export function assertMayEditSchool(caller: Principal) {
  if (!caller.ability.can('edit', 'schools') && !caller.ability.can('edit', 'school')) throw forbidden('noPermissionSchoolData');
}

export async function updateSchool(db: Db, caller: Principal, id_school: number, input: SchoolRequest) {
  assertMayEditSchool(caller);
  return db.transaction(async (tx) => {
    const before = await repo.findSchool(tx, caller.scope, id_school);
    if (!before) throw notFound();
    await repo.updateSchool(tx, id_school, input);
    await writeAudit(tx, caller, { action: 'school.update', entity: 'school', entityId: id_school, id_school, changes: diff(before, input) });
    return (await repo.findSchool(tx, caller.scope, id_school))!;
  });
}

export async function setSchoolActive(db: Db, caller: Principal, id_school: number, active: boolean) {
  return db.transaction(async (tx) => {
    const before = await repo.findSchool(tx, caller.scope, id_school);
    if (!before) throw notFound();
    await repo.updateConfiguration(tx, id_school, { active });
    await writeAudit(tx, caller, { action: active ? 'school.activate' : 'school.deactivate', entity: 'school', entityId: id_school, id_school, changes: diff(before, { active }) });
    return (await repo.findSchool(tx, caller.scope, id_school))!;
  });
}

type Configuration = NonNullable<Awaited<ReturnType<typeof repo.findConfiguration>>>;

/** What the client sees of a stored secret: `'••••' + last 4 characters`, or null when none is stored. */
export const maskedSecret = (key: Buffer, sealed: string | null) => maskSecret(sealed ? decryptSecret(key, sealed) : null);

/** Secrets leave the server masked (last 4 characters), never in full. */
function presentConfiguration(key: Buffer, c: Configuration) {
  const { sendgrid_api_key_encrypted, fp_access_token_encrypted, id_school_configuration: _row, ...plain } = c;
  return {
    ...plain,
    sendgrid_api_key: maskedSecret(key, sendgrid_api_key_encrypted),
    hasSendgridApiKey: sendgrid_api_key_encrypted !== null,
    fp_access_token: maskedSecret(key, fp_access_token_encrypted),
    hasFpAccessToken: fp_access_token_encrypted !== null,
  };
}

/** undefined keeps the stored secret, null or '' clears it, a value replaces it (encrypted). */
export const sealSecret = (key: Buffer, value: string | null | undefined) => (value === undefined ? undefined : value ? encryptSecret(key, value) : null);

export async function getConfiguration(db: Db, key: Buffer, caller: Principal, id_school: number) {
  await getSchool(db, caller, id_school);
  return presentConfiguration(key, (await repo.findConfiguration(db, id_school))!);
}

export async function updateConfiguration(db: Db, key: Buffer, caller: Principal, input: SchoolConfigurationRequest) {
  return db.transaction(async (tx) => {
    if (!(await repo.findSchool(tx, caller.scope, input.id_school))) throw notFound();
    const before = (await repo.findConfiguration(tx, input.id_school))!;
    const { sendgrid_api_key, fp_access_token, id_school, ...plain } = input;
    const change = { ...plain, sendgrid_api_key_encrypted: sealSecret(key, sendgrid_api_key), fp_access_token_encrypted: sealSecret(key, fp_access_token) };
    await repo.updateConfiguration(tx, id_school, change);
    await writeAudit(tx, caller, { action: 'school.configure', entity: 'school_configuration', entityId: id_school, id_school, changes: diff(before, change) });
    return presentConfiguration(key, (await repo.findConfiguration(tx, id_school))!);
  });
}
