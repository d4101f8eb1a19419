import { createReadStream } from 'node:fs';
import {
  CampusRequestSchema,
  type CampusConfigurationRequest,
  type CampusListQuery,
  type CampusRequest,
} from '@openseat/shared/schemas/schools';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../audit/audit.service';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { badRequest, forbidden, notFound, conflict } from '../../lib/errors';
import { sealSecret } from '../../lib/crypto';
import { assertMayChangeFields } from '../../lib/field-rules';
import { readUploadForm, removeStoredFile, withStoredImage, type UploadForm } from '../../lib/form-upload';
import { canSeeSchool } from '../../lib/scope';
import { mimeOfStoredImage, storedFilePath } from '../../lib/uploads';
import type { Principal } from '../auth/auth.types';
import { assertSenderNumbersUnique } from '../communication/sms-senders.service';
import { CAMPUS_CSV_COLUMNS, campusCsvCells, presentCampus, presentCampusConfiguration } from './campuses.presenter';
import * as repo from './campuses.repository';
import { requireCampus } from './campus-lookup';

export async function getCampus(db: Db, caller: Principal, id_campus: number) {
  return presentCampus(await requireCampus(db, caller, id_campus));
}

export async function listCampuses(db: Db, caller: Principal, query: CampusListQuery) {
  const { rows, total } = await repo.listCampuses(db, caller.scope, query, query.page, query.pageSize);
  return { data: rows.map(presentCampus), total, page: query.page, pageSize: query.pageSize };
}

/** The campus export: audited, then streamed row by row in the spec's columns. */
export async function exportCampuses(db: Db, caller: Principal, query: CampusListQuery) {
  await writeAudit(db, caller, {
    action: 'campus.export',
    entity: 'campus',
    changes: { filter: { id_school: query.id_school ?? null, text: query.text ?? null } },
  });
  async function* rows() {
    for await (const campus of repo.eachCampus(db, caller.scope, query)) yield campusCsvCells(campus);
  }
  return { filename: 'campuses.csv', columns: CAMPUS_CSV_COLUMNS, rows: rows() };
}

/**
 * A campus user cannot add campuses and a school user only to its own school (403, like any misplaced write);
 * a school that does not exist is a field error, checked before the insert.
 */
async function assertMayAddCampusTo(db: Executor, caller: Principal, id_school: number) {
  if (!canSeeSchool(caller.scope, id_school) || caller.scope.campusIds !== null)
    throw forbidden('noPermissionCampusData');
  if (!(await repo.mayAddCampusTo(db, caller.scope, id_school)))
    throw badRequest('invalidValue', [{ path: 'id_school', message: 'invalidValue' }]);
}

export async function createCampus(db: Db, caller: Principal, input: CampusRequest) {
  return db.transaction(async (tx) => {
    await assertMayAddCampusTo(tx, caller, input.id_school);
    const { id_campus: _ignored, sis_school_number: sisSchoolNumber, ...rest } = input;
    const values = { ...rest, sisSchoolNumber };
    const id_campus = await repo.insertCampus(tx, caller.scope, values);
    if (values.isMain) await repo.clearMainCampus(tx, caller.scope, values.id_school, id_campus);
    await writeAudit(tx, caller, {
      action: 'campus.create',
      entity: 'campus',
      entityId: id_campus,
      id_school: input.id_school,
      id_campus,
      changes: values,
    });
    return presentCampus(await requireCampus(tx, caller, id_campus));
  });
}

/**
 * Updates a campus's data and, optionally, its photo, from a JSON body or a multipart form (`photo` part).
 * A refused update leaves no new file behind; a replaced photo is removed once the update has committed.
 */
export async function updateCampus(db: Db, dataDir: string, caller: Principal, form: UploadForm) {
  const { data: input, image } = await readUploadForm(form, CampusRequestSchema);
  if (!input.id_campus) throw badRequest('idRequired', [{ path: 'id_campus', message: 'idRequired' }]);
  const id_campus = input.id_campus;
  await requireCampus(db, caller, id_campus);
  return withStoredImage(dataDir, 'campuses', image, (photo) =>
    db.transaction(async (tx) => {
      const before = await requireCampus(tx, caller, id_campus);
      if (input.id_school !== before.id_school) throw forbidden('noPermissionCampusData');
      const { id_campus: _id, id_school: _school, sis_school_number: sisSchoolNumber, ...values } = input;
      const change = { ...values, sisSchoolNumber, ...(photo ? { photo } : {}) };
      await repo.updateCampus(tx, caller.scope, id_campus, change);
      if (values.isMain) await repo.clearMainCampus(tx, caller.scope, before.id_school, id_campus);
      await writeAudit(tx, caller, {
        action: 'campus.update',
        entity: 'campus',
        entityId: id_campus,
        id_school: before.id_school,
        id_campus,
        changes: diff(before, change),
      });
      return {
        result: presentCampus(await requireCampus(tx, caller, id_campus)),
        replaced: photo ? before.photo : null,
      };
    }),
  );
}

/** The stored photo of a campus the caller may see, opened for sending. */
export async function openPhoto(db: Db, dataDir: string, caller: Principal, id_campus: number) {
  const campus = await requireCampus(db, caller, id_campus);
  if (!campus.photo) throw notFound();
  return { mime: mimeOfStoredImage(campus.photo), stream: createReadStream(storedFilePath(dataDir, campus.photo)) };
}

/** Deleting is refused (409) while the campus has applications, users or what they produced: deactivate it instead. */
export async function deleteCampus(db: Db, dataDir: string, caller: Principal, id_campus: number) {
  const campus = await db
    .transaction(async (tx) => {
      const found = await requireCampus(tx, caller, id_campus);
      if (await repo.campusInUse(tx, caller.scope, id_campus)) throw conflict('campusInUse');
      await repo.deleteCampus(tx, caller.scope, id_campus);
      await writeAudit(tx, caller, {
        action: 'campus.delete',
        entity: 'campus',
        entityId: id_campus,
        id_school: found.id_school,
        changes: { name: found.name },
      });
      return found;
    })
    .catch((error: unknown) => {
      // a lottery or reorder record of one of its periods still points at it
      throw isForeignKeyViolation(error) ? conflict('campusInUse') : error;
    });
  if (campus.photo) await removeStoredFile(dataDir, campus.photo);
}

async function requireConfiguration(db: Executor, caller: Principal, id_campus: number) {
  const configuration = await repo.findConfiguration(db, caller.scope, id_campus);
  if (!configuration) throw notFound();
  return configuration;
}

export async function getConfiguration(db: Db, key: Buffer, caller: Principal, id_campus: number) {
  return presentCampusConfiguration(key, await requireConfiguration(db, caller, id_campus));
}

export async function setCampusActive(db: Db, caller: Principal, id_campus: number, active: boolean) {
  return db.transaction(async (tx) => {
    const campus = await requireCampus(tx, caller, id_campus);
    await repo.updateConfiguration(tx, caller.scope, id_campus, { active });
    await writeAudit(tx, caller, {
      action: active ? 'campus.activate' : 'campus.deactivate',
      entity: 'campus',
      entityId: id_campus,
      id_school: campus.id_school,
      id_campus,
      changes: diff(campus, { active }),
    });
    return presentCampus(await requireCampus(tx, caller, id_campus));
  });
}

/** Activation needs school_campus/enable_disable, whichever route carries it. */
const configurationFieldRules = (caller: Principal) => ({
  active: caller.ability.can('enable_disable', 'school_campus'),
});

export async function updateConfiguration(db: Db, key: Buffer, caller: Principal, input: CampusConfigurationRequest) {
  return db.transaction(async (tx) => {
    const before = await requireConfiguration(tx, caller, input.id_campus);
    const { api_secret, id_campus, ...plain } = input;
    assertMayChangeFields(before, plain, configurationFieldRules(caller), 'noPermissionCampusConfiguration');
    const change = { ...plain, api_secret_encrypted: sealSecret(key, api_secret) };
    await repo.updateConfiguration(tx, caller.scope, id_campus, change);
    if (plain.phone_number !== undefined && plain.phone_number !== before.phone_number)
      await assertSenderNumbersUnique(tx, { id_school: before.id_school, id_campus });
    await writeAudit(tx, caller, {
      action: 'campus.configure',
      entity: 'campus_configuration',
      entityId: id_campus,
      id_school: before.id_school,
      id_campus,
      changes: diff(before, change),
    });
    return presentCampusConfiguration(key, await requireConfiguration(tx, caller, id_campus));
  });
}
