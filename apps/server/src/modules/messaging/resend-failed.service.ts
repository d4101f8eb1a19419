import type { FailedMessages, FailedMessagesFilter, ResendFailedResult } from '@openseat/shared/schemas/communication';
import type { Db, Executor } from '../../db/client';
import { writeAudits } from '../audit/audit.service';
import { notFound } from '../../lib/errors';
import { canSeeSchool } from '../../lib/scope';
import type { Principal } from '../auth/auth.types';
import { queueMessages } from '../communication/outbox.service';
import { copyOfMessage } from './message-copy';
import { presentStateCounts } from './messaging.presenter';
import type { MessagingDeps } from './messaging.service';
import * as repo from './resend-failed.repository';

/*
 * Sending again, in one go, the messages that failed after all their tries (a provider's outage): each failed
 * message gets at most one copy, under a key made from its id, so a double submit, a retried request or two staff
 * at once queue each copy once; the copy is an outbox message like any other (its own key, sent once).
 */

/** Messages one request takes; a larger outage is sent again in a few requests (`remaining` says how many). */
export const RESEND_LIMIT = 10_000;

/** A school or campus named in the filter must be the caller's (404 otherwise, like any record out of reach). */
async function assertFilterInScope(db: Executor, caller: Principal, filter: FailedMessagesFilter) {
  if (filter.id_school !== undefined && !canSeeSchool(caller.scope, filter.id_school)) throw notFound();
  if (filter.id_campus !== undefined && !(await repo.campusInScope(db, caller.scope, filter.id_campus)))
    throw notFound();
}

/** The failed messages a resend would take, and the progress of the copies already queued for the filter. */
export async function failedMessages(db: Db, caller: Principal, filter: FailedMessagesFilter): Promise<FailedMessages> {
  await assertFilterInScope(db, caller, filter);
  const failed = await repo.countFailed(db, caller.scope, filter);
  return { failed, resent: presentStateCounts(await repo.resentByState(db, caller.scope, filter)) };
}

/** Queues a copy of each failed message of the filter that has none yet (oldest first, RESEND_LIMIT at most). */
export async function resendFailed(
  deps: MessagingDeps,
  caller: Principal,
  filter: FailedMessagesFilter,
): Promise<ResendFailedResult> {
  return deps.db.transaction(async (tx) => {
    await assertFilterInScope(tx, caller, filter);
    const failed = await repo.failedToResend(tx, caller.scope, filter, RESEND_LIMIT);
    const ids = await queueMessages(
      tx,
      deps.jobs,
      failed.map((m) => copyOfMessage(m, caller.id_user, repo.resendKeyOf(m.id_message))),
    );
    const perSchool = new Map<number, number>();
    for (const m of failed) perSchool.set(m.id_school, (perSchool.get(m.id_school) ?? 0) + 1);
    await writeAudits(
      tx,
      caller,
      [...perSchool].map(([id_school, matched]) => ({
        action: 'message.resend_failed',
        entity: 'message',
        id_school,
        changes: { filter, matched },
      })),
    );
    return { matched: failed.length, resent: ids.length, remaining: await repo.countFailed(tx, caller.scope, filter) };
  });
}
