import type { Page } from '@openseat/shared/schemas/pagination';
import type {
  RegistrationDecision,
  RegistrationReviewQuery,
  RegistrationReviewRow,
} from '@openseat/shared/schemas/registration';
import type { Db, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { writeAudit } from '../audit/audit.service';
import * as checklists from './checklist.repository';
import { latestResponse } from './packet.chain';
import * as packets from './packet.repository';
import { familyPacket, inLanguage } from './packet.service';
import * as repo from './review.repository';

/*
 * The staff's side of registration (docs/registration.md): the queue of what families sent, one application's
 * packet, and the decision on an item: approved, or returned with a reason the family reads in the portal.
 */

/** `GET /registration/reviews`. */
export async function reviewQueue(
  db: Db,
  caller: Principal,
  query: RegistrationReviewQuery,
  lng: string,
): Promise<Page<RegistrationReviewRow>> {
  const period = await checklists.findPeriod(db, caller.scope, query.id_campus_year);
  if (!period) throw notFound();
  const rows = await repo.waitingResponses(db, period.id_campus_year, query.page, query.pageSize);
  return {
    data: rows.map((r) => ({
      id_application: r.id_application,
      applicant: `${r.first_name} ${r.last_name}`,
      grade: r.grade,
      id_registration_item: r.id_registration_item,
      item: inLanguage(r.labels, lng),
      kind: r.kind as RegistrationReviewRow['kind'],
      submittedAt: new Date(r.submitted_at).toISOString(),
    })),
    total: rows[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function requireApplication(db: Executor, caller: Principal, id: number) {
  const app = await repo.findApplication(db, caller.scope, id);
  if (!app || app.id_campus_year === null) throw notFound();
  return { ...app, id_campus_year: app.id_campus_year };
}

/** `GET /registration/applications/:id`: the packet as the family sees it, in the staff member's language. */
export async function staffPacket(db: Db, caller: Principal, id: number, lng: string) {
  return familyPacket(db, await requireApplication(db, caller, id), lng, 'staff');
}

const nothingToReview = () => new AppError('CONFLICT', 'registrationNothingToReview');

/**
 * `PUT /registration/applications/:id/items/:id_registration_item/review`. Approves what the family sent (a deposit:
 * marks it received), or returns it with a reason. The decision is on the response the family's packet shows for
 * the item, whichever version it was made on.
 */
export async function reviewItem(
  db: Db,
  caller: Principal,
  id: number,
  id_registration_item: number,
  decision: RegistrationDecision,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    const app = await requireApplication(tx, caller, id);
    const items = await packets.periodItems(tx, app.id_campus_year);
    const item = items.find((i) => i.id_registration_item === id_registration_item && i.retiredAt === null);
    if (!item) throw notFound();
    const shown = latestResponse(items, await packets.responsesOf(tx, id))(item);
    const locked = shown && (await repo.lockResponse(tx, shown.id_registration_response));
    const id_user = caller.id_user;
    if (decision.decision === 'approve') {
      if (!locked) {
        if (item.kind !== 'deposit') throw nothingToReview();
        await repo.insertApproved(
          tx,
          { id_school: app.id_school, id_application: id, id_registration_item, id_user },
          now,
        );
      } else if (locked.state === 'submitted' || (item.kind === 'deposit' && locked.state === 'returned')) {
        await repo.decide(
          tx,
          locked.id_registration_response,
          { state: 'approved', returnedReason: null, id_user },
          now,
        );
      } else throw nothingToReview();
    } else {
      if (!locked || locked.state === 'returned') throw nothingToReview();
      await repo.decide(
        tx,
        locked.id_registration_response,
        { state: 'returned', returnedReason: decision.reason, id_user },
        now,
      );
    }
    await writeAudit(tx, caller, {
      action: `registration.${decision.decision}`,
      entity: 'application',
      entityId: id,
      id_school: app.id_school,
      changes: {
        id_registration_item,
        version: item.version,
        ...(decision.decision === 'return' ? { reason: decision.reason } : {}),
      },
    });
  });
}
