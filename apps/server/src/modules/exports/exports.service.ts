import { LIST_STATUSES, LIST_SUBJECT } from '@openseat/shared/application-status';
import type { StatusId } from '@openseat/shared/constants';
import type { ApplicationExportQuery } from '@openseat/shared/schemas/application-records';
import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { requireCampus } from '../../lib/campus-ref';
import { forbidden } from '../../lib/errors';
import type { Scope } from '../../lib/scope';
import type { Principal } from '../auth/auth.principal';
import { periodFinalizedOf, type ListFilter } from '../applications/applications.repository';
import { formatOf } from './export-formats';
import { exportNames, exportWindow, maxApplicationId, withNames } from './exports.repository';

/** Application ids per query while streaming (at most this many rows are held at once). */
export const EXPORT_PAGE_SIZE = 2000;

/** The list filter of `GET /application` from the export query (same statuses rule as the list). */
function filterOf(query: ApplicationExportQuery): ListFilter {
  const listStatuses = LIST_STATUSES[query.type];
  let statuses: StatusId[] = query.ids_status
    ? listStatuses.filter((st) => query.ids_status!.includes(st))
    : [...listStatuses];
  if (query.id_status !== undefined) statuses = statuses.filter((st) => st === query.id_status);
  const { ids_status: _ids, format: _format, columns: _columns, lng: _lng, ...rest } = query;
  return { ...rest, statuses };
}

/** The rows window by window, with their names; the next window is asked for while this one is written. */
async function* rowsOf(db: Db, scope: Scope, filter: ListFilter, withTags: boolean) {
  const [last, names] = await Promise.all([maxApplicationId(db), exportNames(db, scope)]);
  const windowAfter = (afterId: number) => {
    const rows = exportWindow(db, scope, filter, { afterId, toId: afterId + EXPORT_PAGE_SIZE, withTags });
    // a reader that stops early leaves the asked-for window unread: its failure must not go unhandled
    rows.catch(() => {});
    return rows;
  };
  let next = last > 0 ? windowAfter(0) : null;
  for (let afterId = 0; next; afterId += EXPORT_PAGE_SIZE) {
    const rows = await next;
    next = afterId + EXPORT_PAGE_SIZE < last ? windowAfter(afterId + EXPORT_PAGE_SIZE) : null;
    for (const row of rows) yield withNames(row, names);
  }
}

/**
 * Everything that can refuse an export happens here, before a byte is sent: the permission to export the list
 * (`export_csv` on the list's screen), the campus in scope, and the audit row that records who exported what.
 */
export async function prepareExport(db: Db, caller: Principal, query: ApplicationExportQuery, lng: 'en' | 'es') {
  if (!caller.ability.can('export_csv', LIST_SUBJECT[query.type])) throw forbidden();
  if (query.id_campus !== undefined) await requireCampus(db, caller.scope, query.id_campus);
  const filter = { ...filterOf(query), periodFinalized: await periodFinalizedOf(db, query) };
  const format = formatOf(query.format, { columns: query.columns, lng: query.lng ?? lng });
  const { format: name, columns, lng: _lng, ...filters } = query;
  await writeAudit(db, caller, {
    action: 'application.export',
    entity: 'application',
    id_campus: query.id_campus ?? null,
    changes: { format: name, columns: columns ?? null, filters },
  });
  const withTags = query.format === 'product' && (!query.columns?.length || query.columns.includes('tags'));
  return { ...format, rows: rowsOf(db, caller.scope, filter, withTags) };
}
