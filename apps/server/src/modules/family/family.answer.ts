import { MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { STATUS } from '@openseat/shared/constants';
import type { FamilyAnswer, FamilyDeclineReason, FamilyLanguage } from '@openseat/shared/schemas/family';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { writeAudit } from '../audit/audit.service';
import { groupOf, withLockedApplications } from '../status-moves/status-moves.service';
import type { MoveDeps } from '../status-moves/status-moves.types';
import type { Contact } from './family.contact';
import * as repo from './family.repository';

/*
 * A family's answer to an offer, in the portal (docs/family-portal.md): accepting moves the application to confirmed;
 * declining moves it to declined and, when the period moves its waiting list on a decline, offers the freed seat to
 * the next family in the same transaction. Both are moves of the move engine (movement 'Guardian'), so the seat,
 * the family's message and the history follow as for any move; the row lock makes two racing answers one.
 */

/** The reasons the school offers for a decline, in the guardian's language (English when a label lacks it). */
export async function declineReasonsOf(db: Db, contact: Contact, id: number, lng: FamilyLanguage) {
  const [app] = await repo.guardianApplications(db, contact, id);
  if (!app) throw notFound();
  return (await repo.declineReasons(db, app.id_school)).map((r): FamilyDeclineReason => ({
    id_decline_reason: r.id_decline_reason,
    label: r.labels[lng] ?? r.labels.en,
  }));
}

const notOpen = () => new AppError('CONFLICT', 'familyOfferNotOpen');

/** `POST /family/applications/:id/answer`. */
export async function answerOffer(deps: MoveDeps, contact: Contact, id: number, input: FamilyAnswer, now = new Date()) {
  const [app] = await repo.guardianApplications(deps.db, contact, id);
  if (!app) throw notFound();
  // an offer still held for a release is not known to the family yet: there is nothing to answer
  if (app.held) throw notOpen();
  let reason: string | undefined;
  if (input.answer === 'decline') {
    const reasons = await repo.declineReasons(deps.db, app.id_school);
    reason = reasons.find((r) => r.id_decline_reason === input.id_decline_reason)?.labels.en;
    if (!reason) throw badRequest('invalidValue', [{ path: 'id_decline_reason', message: 'invalidValue' }]);
  }
  const caller = { scope: { id_school: app.id_school, campusIds: null }, id_user: null, id_school: app.id_school };
  await withLockedApplications(deps, caller, [id], async (tx, [locked], session) => {
    if (!locked || locked.id_status !== STATUS.OFFERED) throw notOpen();
    const expires = await repo.offerExpiresAt(tx, id);
    if (expires && expires.getTime() <= now.getTime()) throw new AppError('CONFLICT', 'familyOfferLapsed');
    if (input.answer === 'accept') {
      await session.move(locked, STATUS.CONFIRMED, MOVEMENT_TYPE.GUARDIAN);
    } else {
      await session.move(locked, STATUS.DECLINED, MOVEMENT_TYPE.GUARDIAN);
      const group = groupOf(locked);
      if (locked.autoMove && group) await session.offerFreedSeat(group);
    }
    await repo.insertOfferAnswer(tx, {
      id_school: app.id_school,
      id_application: id,
      answer: input.answer,
      id_decline_reason: input.answer === 'decline' ? input.id_decline_reason : null,
      reason: reason ?? null,
    });
    await writeAudit(
      tx,
      { id_user: null, id_school: app.id_school },
      {
        action: 'family.answer',
        entity: 'application',
        entityId: id,
        id_school: app.id_school,
        id_campus: app.id_campus,
        changes: {
          answer: input.answer,
          id_decline_reason: input.answer === 'decline' ? input.id_decline_reason : null,
        },
      },
    );
  });
}
