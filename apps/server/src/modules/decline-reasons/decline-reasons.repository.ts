import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { DeclineReasonLabels } from '@openseat/shared/schemas/decline-reasons';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inSchool, type Scope } from '../../lib/scope';

const r = s.declineReason;
const reasonColumns = { id_decline_reason: r.id_decline_reason, labels: r.labels };
export type DeclineReasonRecord = { id_decline_reason: number; labels: DeclineReasonLabels };

/** The school's id when the scope may see it; FOR UPDATE serialises two saves of one school's list. */
export async function findSchool(db: Executor, scope: Scope, id_school: number, lock = false) {
  const query = db
    .select({ id_school: s.school.id_school })
    .from(s.school)
    .where(and(eq(s.school.id_school, id_school), inSchool(scope, s.school.id_school)));
  return (await (lock ? query.for('update') : query))[0];
}

const activeWhere = (owner: SQL) => and(owner, eq(r.active, true)) as SQL;

async function activeReasons(db: Executor, owner: SQL): Promise<DeclineReasonRecord[]> {
  return db.select(reasonColumns).from(r).where(activeWhere(owner)).orderBy(asc(r.position), asc(r.id_decline_reason));
}

/** The school's own active reasons, in order. */
export async function ownReasons(db: Executor, scope: Scope, id_school: number) {
  return activeReasons(db, and(eq(r.id_school, id_school), inSchool(scope, r.id_school)) as SQL);
}

/** The built-in reasons every school shares until it has its own. */
export async function builtInReasons(db: Executor) {
  return activeReasons(db, isNull(r.id_school));
}

/** Retires the school's own reasons: answers that gave one still point to it. */
export async function retireReasons(db: Executor, scope: Scope, id_school: number) {
  await db
    .update(r)
    .set({ active: false })
    .where(and(eq(r.id_school, id_school), eq(r.active, true), inSchool(scope, r.id_school)));
}

export async function insertReasons(db: Executor, id_school: number, labels: DeclineReasonLabels[]) {
  if (!labels.length) return;
  await db.insert(r).values(labels.map((l, i) => ({ id_school, labels: l, position: i + 1 })));
}
