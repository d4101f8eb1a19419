import { STATUSES } from '@openseat/shared/constants';
import type { ImportMappingRequest, SavedImportMapping } from '@openseat/shared/schemas/import-files';
import type { Db, Executor } from '../../../db/client';
import { isUniqueViolation } from '../../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { writeAudit } from '../../audit/audit.service';
import type { Principal } from '../../auth/auth.types';
import { schoolOf } from './import-files.service';
import * as repo from './import-read.repository';
import { IMPORT_PRESETS } from './presets';

/*
 * The school's named mappings (issue 27): saved from the mapping screen, chosen again for the next file of the same
 * system. The presets shipped with OpenSeat come with the list. A value map may only name the school's own grades,
 * statuses and campuses.
 */

const present = (row: repo.ImportMappingRecord): SavedImportMapping => ({
  id_import_mapping: row.id_import_mapping,
  name: row.name,
  columns: row.columns as SavedImportMapping['columns'],
  values: {
    grade: row.values.grade ?? {},
    status: row.values.status ?? {},
    campus: row.values.campus ?? {},
    priority: row.values.priority ?? {},
  },
  updatedAt: row.updatedAt.toISOString(),
});

const nameTaken = () => conflict('importMappingNameTaken', [{ path: 'name', message: 'importMappingNameTaken' }]);

/**
 * Every id of the value maps is one of ours: a grade of the catalog, a status, a campus of the school, a priority item
 * of the catalog (400 otherwise).
 */
async function checkValues(db: Executor, id_school: number, input: ImportMappingRequest) {
  const [{ catalog }, campuses, priorities] = await Promise.all([
    repo.gradesOf(db, id_school),
    repo.campusesInScope(db, { id_school, campusIds: null }, id_school),
    repo.priorityItems(db),
  ]);
  const known = {
    grade: new Set(catalog.map((g) => g.id_grade)),
    status: new Set<number>(STATUSES.map((st) => st.id_status)),
    campus: new Set(campuses.map((c) => c.id_campus)),
    priority: new Set(priorities.map((p) => p.id)),
  };
  for (const kind of ['grade', 'status', 'campus', 'priority'] as const)
    for (const [text, id] of Object.entries(input.values[kind]))
      if (!known[kind].has(id))
        throw badRequest('invalidValue', [{ path: `values.${kind}.${text}`, message: 'invalidValue' }]);
}

export async function listMappings(db: Db, caller: Principal) {
  const saved = await repo.listMappings(db, caller.scope, schoolOf(caller));
  return { saved: saved.map(present), presets: IMPORT_PRESETS };
}

export async function createMapping(db: Db, caller: Principal, input: ImportMappingRequest) {
  const id_school = schoolOf(caller);
  try {
    return await db.transaction(async (tx) => {
      await checkValues(tx, id_school, input);
      if (await repo.mappingNameTaken(tx, id_school, input.name)) throw nameTaken();
      const row = await repo.insertMapping(tx, {
        id_school,
        name: input.name,
        columns: input.columns,
        values: input.values,
        id_user: caller.id_user,
      });
      await writeAudit(tx, caller, {
        action: 'import.mapping.create',
        entity: 'import_mapping',
        entityId: row.id_import_mapping,
        id_school,
        changes: { name: input.name },
      });
      return present(row);
    });
  } catch (error) {
    // two saves of one name at once: the unique key refuses the second
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateMapping(db: Db, caller: Principal, id_import_mapping: number, input: ImportMappingRequest) {
  const id_school = schoolOf(caller);
  try {
    return await db.transaction(async (tx) => {
      if (!(await repo.findMapping(tx, caller.scope, id_school, id_import_mapping))) throw notFound();
      await checkValues(tx, id_school, input);
      if (await repo.mappingNameTaken(tx, id_school, input.name, id_import_mapping)) throw nameTaken();
      const row = await repo.updateMapping(tx, caller.scope, id_school, id_import_mapping, {
        name: input.name,
        columns: input.columns,
        values: input.values,
        id_user: caller.id_user,
      });
      if (!row) throw notFound();
      await writeAudit(tx, caller, {
        action: 'import.mapping.update',
        entity: 'import_mapping',
        entityId: id_import_mapping,
        id_school,
        changes: { name: input.name },
      });
      return present(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function deleteMapping(db: Db, caller: Principal, id_import_mapping: number) {
  const id_school = schoolOf(caller);
  await db.transaction(async (tx) => {
    if (!(await repo.deleteMapping(tx, caller.scope, id_school, id_import_mapping))) throw notFound();
    await writeAudit(tx, caller, {
      action: 'import.mapping.delete',
      entity: 'import_mapping',
      entityId: id_import_mapping,
      id_school,
    });
  });
}
