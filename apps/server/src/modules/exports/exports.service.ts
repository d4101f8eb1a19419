import { LIST_SUBJECT } from '@openseat/shared/application-status';
import type { ApplicationExportQuery } from '@openseat/shared/schemas/application-records';
import type { Db } from '../../db/client';
import { recordReads, writeAudit, type RecordReader } from '../audit/audit.service';
import { forbidden } from '../../lib/errors';
import type { Scope } from '../../lib/scope';
import type { Principal } from '../auth/auth.types';
import type { ListFilter } from '../../db/application-filters';
import { listFilterOf } from '../applications/applications.service';
import { zipArchive } from '../../lib/zip';
import { formatOf } from './export-formats';
import { OneRosterBundle, type OneRosterMode } from './oneroster';
import { ExportRow } from './export-row';
import {
  exportNames,
  exportWindow,
  field,
  maxApplicationId,
  type WindowCondition,
  type WindowValues,
} from './exports.repository';

/** Application ids per query while streaming (at most this many rows are held at once). */
export const EXPORT_PAGE_SIZE = 2000;

/**
 * What each window reads beyond the application (tag names, registration answers, an extra condition), and who reads
 * it: every record a window carries is in its readers ("who saw this child"), `detail` naming the export.
 */
type WindowRead = {
  withTags: boolean;
  withRegistration?: boolean;
  only?: WindowCondition;
  readBy: { reader: RecordReader; detail: string };
};

/**
 * The rows window by window, each window read at once (one batch); the next window is asked for while this one is
 * written. A window with none of the list's rows is skipped.
 */
async function* windowsOf(db: Db, scope: Scope, filter: ListFilter, read: WindowRead) {
  const last = await maxApplicationId(db);
  const windowAfter = (afterId: number) => {
    const rows = exportWindow(db, scope, filter, { afterId, toId: afterId + EXPORT_PAGE_SIZE, ...read });
    // a reader that stops early leaves the asked-for window unread: its failure must not go unhandled
    rows.catch(() => {});
    return rows;
  };
  let next = last > 0 ? windowAfter(0) : null;
  for (let afterId = 0; next; afterId += EXPORT_PAGE_SIZE) {
    const rows = await next;
    next = afterId + EXPORT_PAGE_SIZE < last ? windowAfter(afterId + EXPORT_PAGE_SIZE) : null;
    if (!rows.length) continue;
    await recordReads(db, read.readBy.reader, 'export', rows.map(recordOf), read.readBy.detail);
    yield rows;
  }
}

const recordOf = (values: WindowValues) => ({
  id_school: field(values, 'id_school'),
  id_campus: field(values, 'id_campus'),
  id_application: field(values, 'id_application'),
});

/**
 * Everything that can refuse an export happens here, before a byte is sent: the permission to export the list
 * (`export_csv` on the list's screen), the campus in scope, and the audit row that records who exported what.
 */
export async function prepareExport(db: Db, caller: Principal, query: ApplicationExportQuery, lng: 'en' | 'es') {
  if (!caller.ability.can('export_csv', LIST_SUBJECT[query.type])) throw forbidden();
  const { format: name, columns, lng: _lng, ...filters } = query;
  const listed = await listFilterOf(db, caller.scope, filters);
  const format = formatOf(name, { columns, lng: query.lng ?? lng });
  // a student-information system receives only its statuses (docs/sis-export-formats.md, "What is exported")
  const filter = format.statuses
    ? { ...listed, statuses: listed.statuses.filter((st) => format.statuses!.includes(st)) }
    : listed;
  await writeAudit(db, caller, {
    action: 'application.export',
    entity: 'application',
    id_campus: query.id_campus ?? null,
    changes: { format: name, columns: columns ?? null, filters },
  });
  const withTags = query.format === 'product' && (!query.columns?.length || query.columns.includes('tags'));
  const row = new ExportRow(await exportNames(db, caller.scope));
  return {
    filename: format.filename,
    columns: format.columns,
    batches: windowsOf(db, caller.scope, filter, {
      withTags,
      withRegistration: format.registration,
      readBy: { reader: caller, detail: name },
    }),
    cells: (values: WindowValues) => format.cells(row.at(values)),
  };
}

/**
 * A student-information-system file (PowerSchool, SchoolMint, Aspire) of the applications `only` picks, in the
 * reader's scope: the SIS hand-off (modules/sis-handoff) streams it. The caller has checked the permission and
 * written the audit row; each record carried is in its readers.
 */
export async function sisFile(
  db: Db,
  reader: RecordReader & { scope: Scope },
  name: 'powerschool' | 'schoolmint' | 'aspire',
  filter: ListFilter,
  only: WindowCondition,
) {
  const format = formatOf(name, { lng: 'en' });
  const row = new ExportRow(await exportNames(db, reader.scope));
  return {
    filename: format.filename,
    columns: format.columns,
    batches: windowsOf(db, reader.scope, filter, {
      withTags: false,
      withRegistration: true,
      only,
      readBy: { reader, detail: name },
    }),
    cells: (values: WindowValues) => format.cells(row.at(values)),
  };
}

/**
 * The OneRoster 1.2 CSV bundle (a ZIP archive: manifest.csv and the files of docs/oneroster.md) of the applications
 * `only` picks, in the reader's scope (each record carried is in its readers). Built in memory: one campus period's students.
 */
export async function oneRosterZip(
  db: Db,
  reader: RecordReader & { scope: Scope },
  filter: ListFilter,
  only: WindowCondition,
  mode: OneRosterMode,
  now = new Date(),
) {
  const row = new ExportRow(await exportNames(db, reader.scope));
  const bundle = new OneRosterBundle(mode, now);
  const read = { withTags: false, withRegistration: true, only, readBy: { reader, detail: 'oneroster' } };
  for await (const batch of windowsOf(db, reader.scope, filter, read))
    for (const values of batch) bundle.add(row.at(values));
  return zipArchive(bundle.entries(), now);
}
