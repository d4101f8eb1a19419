import { LIST_TYPE, STATUSES } from '@openseat/shared/constants';
import type { Page } from '@openseat/shared/schemas/pagination';
import type {
  SisHandoffBatch,
  SisHandoffBatchesQuery,
  SisHandoffFormat,
  SisHandoffInclude,
  SisHandoffRequest,
  SisHandoffStudent,
  SisHandoffStudentsQuery,
} from '@openseat/shared/schemas/sis-handoff';
import type { Db } from '../../db/client';
import type { ListFilter } from '../../db/application-filters';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { writeAudit } from '../audit/audit.service';
import * as exportsService from '../exports/exports.service';
import * as repo from './sis-handoff.repository';

/*
 * The hand-off of a period's students to the student information system (docs/registration.md, "Hand-off to the
 * SIS"). A batch fixes which students a send carries and marks them sent (when, by whom, which format); its file is
 * written from the batch, so downloading it again gives the same students with their data as it is now.
 */

/** Who may hand students off: whoever may export the Selected list (the students who took a seat). */
const requireExport = (caller: Principal) => {
  if (!caller.ability.can('export_csv', 'selected_list')) throw forbidden();
};

async function requirePeriod(db: Db, caller: Principal, id_campus_year: number) {
  requireExport(caller);
  const period = await repo.findPeriod(db, caller.scope, id_campus_year);
  if (!period) throw notFound();
  return period;
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** `GET /sis-handoff/students`: the period's students with their mark for the format. */
export async function listStudents(
  db: Db,
  caller: Principal,
  query: SisHandoffStudentsQuery,
): Promise<Page<SisHandoffStudent>> {
  const period = await requirePeriod(db, caller, query.id_campus_year);
  const rows = await repo.studentsPage(db, period, query.format, query.sent, query.page, query.pageSize);
  return {
    data: rows.map((r) => ({
      id_application: r.id_application,
      correlative: r.correlative,
      applicant: `${r.first_name} ${r.last_name}`,
      grade: r.grade,
      id_status: r.id_status,
      sentAt: iso(r.sent_at),
      sentBy: r.sent_by,
    })),
    total: rows[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

type BatchRow = NonNullable<Awaited<ReturnType<typeof repo.findBatch>>>;

const presentBatch = ({ batch, createdBy }: BatchRow): SisHandoffBatch => ({
  id_sis_handoff: batch.id_sis_handoff,
  id_campus_year: batch.id_campus_year,
  format: batch.format as SisHandoffFormat,
  include: batch.include as SisHandoffInclude,
  count: batch.count,
  createdAt: batch.createdAt.toISOString(),
  createdBy,
});

/**
 * `POST /sis-handoff/batches`: marks the period's students sent in the format (only those not yet sent in it, by
 * default) and returns the batch whose file the client downloads next. Nobody to send: 409, nothing written.
 */
export async function createBatch(db: Db, caller: Principal, input: SisHandoffRequest, now = new Date()) {
  const period = await requirePeriod(db, caller, input.id_campus_year);
  const id = await db.transaction(async (tx) => {
    const batch = await repo.insertBatch(
      tx,
      period,
      { format: input.format, include: input.include, id_user: caller.id_user },
      now,
    );
    if (batch.count === 0) throw new AppError('CONFLICT', 'sisHandoffNothing');
    await writeAudit(tx, caller, {
      action: 'sis_handoff.send',
      entity: 'sis_handoff',
      entityId: batch.id_sis_handoff,
      id_school: period.id_school,
      id_campus: period.id_campus,
      changes: {
        format: input.format,
        include: input.include,
        id_campus_year: period.id_campus_year,
        applications: batch.ids,
      },
    });
    return batch.id_sis_handoff;
  });
  return presentBatch((await repo.findBatch(db, caller.scope, id))!);
}

/** `GET /sis-handoff/batches`: the period's batches, newest first. */
export async function listBatches(
  db: Db,
  caller: Principal,
  query: SisHandoffBatchesQuery,
): Promise<Page<SisHandoffBatch>> {
  const period = await requirePeriod(db, caller, query.id_campus_year);
  const { rows, total } = await repo.batchesPage(db, period.id_campus_year, query.page, query.pageSize);
  return { data: rows.map(presentBatch), total, page: query.page, pageSize: query.pageSize };
}

/**
 * `GET /sis-handoff/batches/:id/file`: the batch's students in its format, their registration data as approved now.
 * Audited as an export of student records. A CSV format streams; OneRoster is a ZIP bundle (`bulk` when the batch
 * carried every student of the period, `delta` when only the ones not sent before).
 */
export async function prepareFile(db: Db, caller: Principal, id_sis_handoff: number, now = new Date()) {
  requireExport(caller);
  const found = await repo.findBatch(db, caller.scope, id_sis_handoff);
  if (!found) throw notFound();
  const { batch } = found;
  await writeAudit(db, caller, {
    action: 'sis_handoff.download',
    entity: 'sis_handoff',
    entityId: batch.id_sis_handoff,
    id_school: batch.id_school,
    id_campus: batch.id_campus,
    changes: { format: batch.format, count: batch.count },
  });
  // every status: the batch carries whom it carried, even a student whose status changed since
  const filter = {
    type: LIST_TYPE.SCHOOL_APPS,
    id_campus: batch.id_campus,
    statuses: STATUSES.map((st) => st.id_status),
  } as ListFilter;
  const only = repo.inBatch(batch.id_sis_handoff);
  if (batch.format === 'oneroster') {
    const mode = batch.include === 'all' ? 'bulk' : 'delta';
    const zip = await exportsService.oneRosterZip(db, caller, filter, only, mode, now);
    return { kind: 'zip' as const, filename: `oneroster-${batch.id_sis_handoff}.zip`, zip };
  }
  const csv = await exportsService.sisFile(db, caller, batch.format as 'powerschool', filter, only);
  return { kind: 'csv' as const, ...csv };
}
