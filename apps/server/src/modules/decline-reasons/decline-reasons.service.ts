import type { DeclineReasonsRequest } from '@openseat/shared/schemas/decline-reasons';
import type { Db, Executor } from '../../db/client';
import { writeAudit } from '../audit/audit.service';
import { badRequest, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { presentDeclineReasons, writtenLabels } from './decline-reasons.presenter';
import * as repo from './decline-reasons.repository';

/** The school asked for, else the caller's own; a system user with no school chosen must name one. */
function schoolOf(caller: Principal, id_school: number | undefined) {
  const chosen = id_school ?? caller.scope.id_school;
  if (chosen === null) throw badRequest('required', [{ path: 'id_school', message: 'required' }]);
  return chosen;
}

async function requireSchool(db: Executor, caller: Principal, id_school: number, lock = false) {
  const school = await repo.findSchool(db, caller.scope, id_school, lock);
  if (!school) throw notFound();
  return school.id_school;
}

/** The list as families see it now: the school's own active reasons, else the built-in ones. */
async function reasonsNow(db: Executor, caller: Principal, id_school: number) {
  const own = await repo.ownReasons(db, caller.scope, id_school);
  if (own.length) return presentDeclineReasons(id_school, false, own);
  return presentDeclineReasons(id_school, true, await repo.builtInReasons(db));
}

export async function getDeclineReasons(db: Db, caller: Principal, id_school: number | undefined) {
  return reasonsNow(db, caller, await requireSchool(db, caller, schoolOf(caller, id_school)));
}

/**
 * Replaces the school's list in one transaction. Old rows are retired, not deleted: an answer keeps the reason it
 * gave (offer_answer.id_decline_reason). An empty list leaves no active row, so the built-in reasons apply again.
 */
export async function replaceDeclineReasons(db: Db, caller: Principal, input: DeclineReasonsRequest) {
  return db.transaction(async (tx) => {
    const id_school = await requireSchool(tx, caller, input.id_school, true);
    const before = await repo.ownReasons(tx, caller.scope, id_school);
    const labels = input.reasons.map((reason) => writtenLabels(reason.labels));
    await repo.retireReasons(tx, caller.scope, id_school);
    await repo.insertReasons(tx, id_school, labels);
    await writeAudit(tx, caller, {
      action: 'decline_reason.replace',
      entity: 'decline_reason',
      entityId: id_school,
      id_school,
      changes: { from: before.map((r) => r.labels), to: labels },
    });
    return reasonsNow(tx, caller, id_school);
  });
}
