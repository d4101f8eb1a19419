import type { ErasurePreview, ErasureRequest, ErasureScope } from '@openseat/shared/schemas/erasure';
import type { Db, Executor } from '../../db/client';
import { badRequest, forbidden } from '../../lib/errors';
import { removeStoredFiles } from '../../lib/form-upload';
import { requireApplication } from '../applications/application-ref.service';
import { writeAudit } from '../audit/audit.service';
import type { Principal } from '../auth/auth.types';
import { anonymiseNow } from '../retention/retention.service';
import * as repo from './erasure.repository';

/*
 * Deletion on request (docs/privacy.md, "Deletion on request"): a student's or a family's personal data removed from
 * the school at once, the way the retention policy anonymises old periods (names, contacts, files, message bodies,
 * notes, answers, notifications, captured mail; the rows counts and lottery records read stay, with ids only). The
 * audit keeps that it happened, by whom, and how much went, never what.
 */

/** A family spans the school's campuses: only staff with every campus in reach (or the system) may remove it. */
async function covered(db: Executor, caller: Principal, id_application: number, scope: ErasureScope) {
  const application = await requireApplication(db, caller.scope, id_application);
  if (caller.scope.campusIds !== null) throw forbidden();
  const rows = await repo.coveredApplications(db, application.id_school, id_application, scope);
  return { id_school: application.id_school, rows };
}

export async function previewErasure(
  db: Db,
  caller: Principal,
  id_application: number,
  scope: ErasureScope,
): Promise<ErasurePreview> {
  const { id_school, rows } = await covered(db, caller, id_application, scope);
  const counts = await repo.filesAndMessages(
    db,
    id_school,
    rows.map((r) => r.id_application),
  );
  return {
    scope,
    applications: rows.map((r) => ({
      id_application: r.id_application,
      correlative: r.correlative,
      name: `${r.first_name} ${r.last_name}`,
      campus: r.campus,
      schoolYear: r.school_year,
      id_status: r.id_status,
      anonymised: r.anonymised,
    })),
    ...counts,
  };
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Removes the personal data the preview showed, once the applicant's last name is typed again. */
export async function erase(db: Db, dataDir: string, caller: Principal, id_application: number, input: ErasureRequest) {
  const outcome = await db.transaction(async (tx) => {
    const { id_school, rows } = await covered(tx, caller, id_application, input.scope);
    const target = rows.find((r) => r.id_application === id_application);
    if (!target || !sameName(target.last_name, input.confirm))
      throw badRequest('erasureConfirm', [{ path: 'confirm', message: 'erasureConfirm' }]);
    const ids = rows.map((r) => r.id_application);
    const removed = await anonymiseNow(tx, id_school, ids);
    await writeAudit(tx, caller, {
      action: 'privacy.erase',
      entity: 'application',
      entityId: id_application,
      id_school,
      changes: { scope: input.scope, applications: ids, files: removed.removedFiles, messages: removed.messages },
    });
    return { applications: ids.length, files: removed.removedFiles, messages: removed.messages, paths: removed.files };
  });
  await removeStoredFiles(dataDir, outcome.paths);
  return { applications: outcome.applications, files: outcome.files, messages: outcome.messages };
}
