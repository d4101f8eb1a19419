import { STATUSES } from '@openseat/shared/constants';
import type { MappedImportRow } from '@openseat/shared/import-fields';
import type { ImportFileRun, ImportTarget } from '@openseat/shared/schemas/imports';
import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/auth.types';
import type { ValueNames } from '../read/apply-mapping';
import { readMappedRows } from '../read/import-files.service';

/*
 * An uploaded file's rows brought to the dry run and the commit (issue 27): the reader (imports/read) streams them
 * through the user's mapping, writing a value it resolved by the school's own name or the mapping's value map as
 * our name ("K", "waitingList"); the checks here then find every such name, and the file's own words the mapping
 * gave, in the maps below.
 */

const STATUS_LABELS = Object.fromEntries(STATUSES.map((st) => [st.label, st.id_status]));

/** Our names to their ids, for the values the reader wrote as ours. */
const ours = (names?: Map<number, string>) => Object.fromEntries([...(names ?? [])].map(([id, name]) => [name, id]));

/** Where the file's rows go, with maps holding both the school's own names and the file's mapped words. */
export function fileTarget(request: ImportFileRun, names: ValueNames): ImportTarget {
  const { grade, status, campus, priority } = request.mapping.values;
  return {
    id_school_year: request.id_school_year,
    id_campus: request.id_campus,
    maps: {
      grade: { ...ours(names.grade), ...grade },
      // the statuses also by the words staff read ("waiting list")
      status: { ...STATUS_LABELS, ...ours(names.status), ...status },
      campus: { ...ours(names.campus), ...campus },
      priority: { ...ours(names.priority), ...priority },
    },
  };
}

/** Runs `work` over the file's mapped rows (the caller's file only: another's is 404), the reading closed after. */
export async function withFileRows<T>(
  db: Db,
  dataDir: string,
  caller: Principal,
  id_import_file: number,
  request: ImportFileRun,
  work: (target: ImportTarget, rows: AsyncIterable<MappedImportRow>) => Promise<T>,
): Promise<T> {
  const read = await readMappedRows(db, dataDir, caller, id_import_file, {
    sheet: request.sheet,
    mapping: request.mapping,
  });
  try {
    return await work(fileTarget(request, read.names), read.rows);
  } finally {
    await read.close();
  }
}
