import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@openseat/shared/enrollment-rules';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';

/*
 * Signatures of registration agreements and the second guardian's invitations (db/schema/registration.ts). The
 * caller has found the application in its reach (the guardian's own, a staff member's scope, an invitation's) first.
 */

const signature = s.registrationSignature;
const invite = s.registrationSignatureInvite;
const response = s.registrationResponse;
export type SignatureRow = typeof signature.$inferSelect;
export type InviteRow = typeof invite.$inferSelect;

/** What the signed PDF and the invitation name: the school, its time zone, the child's first name. */
export async function applicationContext(db: Executor, id_application: number) {
  const a = s.application;
  const [row] = await db
    .select({
      id_application: a.id_application,
      id_school: a.id_school,
      id_campus: a.id_campus,
      id_campus_year: a.id_campus_year,
      id_status: a.id_status,
      school: s.school.name,
      applicant: s.applicant.firstName,
      timeZone: sql<string>`coalesce(${s.campusConfiguration.time_zone}, ${s.schoolConfiguration.time_zone}, ${DEFAULT_TIME_ZONE})`,
    })
    .from(a)
    .innerJoin(s.school, eq(s.school.id_school, a.id_school))
    .innerJoin(s.applicant, eq(s.applicant.id_applicant, a.id_applicant))
    .leftJoin(s.campusConfiguration, eq(s.campusConfiguration.id_campus, a.id_campus))
    .leftJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, a.id_school))
    .where(and(eq(a.id_application, id_application), isNull(a.deletedAt)));
  return row;
}

/** The application's row, locked: signatures of one application are made one at a time. */
export async function lockApplication(db: Executor, id_application: number) {
  await db
    .select({ id: s.application.id_application })
    .from(s.application)
    .where(eq(s.application.id_application, id_application))
    .for('update');
}

/** Every signature of the application that still counts (not voided by a later round), oldest first. */
export const signaturesOf = (db: Executor, id_application: number): Promise<SignatureRow[]> =>
  db
    .select()
    .from(signature)
    .where(and(eq(signature.id_application, id_application), isNull(signature.voidedAt)))
    .orderBy(signature.signedAt, signature.id_registration_signature);

export async function voidSignatures(db: Executor, id_application: number, id_registration_item: number, now: Date) {
  await db
    .update(signature)
    .set({ voidedAt: now })
    .where(
      and(
        eq(signature.id_application, id_application),
        eq(signature.id_registration_item, id_registration_item),
        isNull(signature.voidedAt),
      ),
    );
}

export async function insertSignature(db: Executor, row: typeof signature.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(signature).values(row).returning({ id: signature.id_registration_signature });
  return inserted.id;
}

/** Every signature is complete: the agreement waits for the school (an earlier return cleared). */
export async function submitSigned(
  db: Executor,
  row: { id_school: number; id_application: number; id_registration_item: number },
  now: Date,
) {
  await db
    .insert(response)
    .values({ ...row, state: 'submitted', submittedAt: now })
    .onConflictDoUpdate({
      target: [response.id_application, response.id_registration_item],
      set: { state: 'submitted', submittedAt: now, returnedReason: null, reviewedAt: null },
    });
}

/** A signature of an application the staff scope may see, with where its PDF is stored. */
export async function findSignature(db: Executor, scope: Scope, id_application: number, id: number) {
  const a = s.application;
  const [row] = await db
    .select({ signature, id_campus: a.id_campus })
    .from(signature)
    .innerJoin(a, and(eq(a.id_school, signature.id_school), eq(a.id_application, signature.id_application)))
    .where(
      and(
        eq(signature.id_registration_signature, id),
        eq(signature.id_application, id_application),
        isNull(a.deletedAt),
        inCampus(scope, a.id_school, a.id_campus),
      ),
    );
  return row;
}

/** The application's invitations still good to sign (not used, not replaced, not expired). */
export const openInvitesOf = (db: Executor, id_application: number, now: Date): Promise<InviteRow[]> =>
  db
    .select()
    .from(invite)
    .where(
      and(
        eq(invite.id_application, id_application),
        isNull(invite.usedAt),
        isNull(invite.revokedAt),
        gt(invite.expiresAt, now),
      ),
    );

/** A newer invitation replaces the item's earlier ones. */
export async function revokeInvites(db: Executor, id_application: number, id_registration_item: number, now: Date) {
  await db
    .update(invite)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invite.id_application, id_application),
        eq(invite.id_registration_item, id_registration_item),
        isNull(invite.usedAt),
        isNull(invite.revokedAt),
      ),
    );
}

export async function insertInvite(db: Executor, row: typeof invite.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(invite).values(row).returning({ id: invite.id_registration_signature_invite });
  return inserted.id;
}

/** The invitation of this token for this application, still good; `lock` holds it until the transaction ends. */
export async function findInvite(db: Executor, tokenHash: string, id_application: number, now: Date, lock = false) {
  const query = db
    .select()
    .from(invite)
    .where(
      and(
        eq(invite.tokenHash, tokenHash),
        eq(invite.id_application, id_application),
        isNull(invite.usedAt),
        isNull(invite.revokedAt),
        gt(invite.expiresAt, now),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function spendInvite(db: Executor, id: number, now: Date) {
  await db.update(invite).set({ usedAt: now }).where(eq(invite.id_registration_signature_invite, id));
}
