import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import { canSeeCampus, inCampus, type Scope } from '../../lib/scope';
import { containsPattern as likeOf } from '../../lib/sql';

const feedbackColumns = {
  id_feedback: s.feedback.id_feedback,
  id_school: s.feedback.id_school,
  id_campus: s.feedback.id_campus,
  id_user: s.feedback.id_user,
  authorName: s.user.name,
  id_feedback_type: s.feedback.id_feedback_type,
  feedbackType: s.feedbackType.name,
  id_status_feedback: s.feedback.id_status_feedback,
  statusFeedback: s.statusFeedback.name,
  title: s.feedback.title,
  url: s.feedback.url,
  description: s.feedback.description,
  screen_shot: s.feedback.screen_shot,
  createdAt: s.feedback.createdAt,
  updatedAt: s.feedback.updatedAt,
};

export type FeedbackRecord = {
  id_feedback: number;
  id_school: number | null;
  id_campus: number | null;
  id_user: number | null;
  authorName: string | null;
  id_feedback_type: number;
  feedbackType: string;
  id_status_feedback: number;
  statusFeedback: string;
  title: string;
  url: string | null;
  description: string;
  screen_shot: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A school user sees the school's feedback, a campus user the campus's; system users every one. */
const inScope = (scope: Scope) => inCampus(scope, s.feedback.id_school, s.feedback.id_campus);

const selectFeedback = (db: Executor, where: SQL) =>
  db
    .select(feedbackColumns)
    .from(s.feedback)
    .innerJoin(s.feedbackType, eq(s.feedbackType.id, s.feedback.id_feedback_type))
    .innerJoin(s.statusFeedback, eq(s.statusFeedback.id, s.feedback.id_status_feedback))
    .leftJoin(s.user, eq(s.user.id_user, s.feedback.id_user))
    .where(where);

export type FeedbackFilter = { text?: string; id_status_feedback?: number };

export async function listFeedback(db: Executor, scope: Scope, filter: FeedbackFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [inScope(scope)];
  if (filter.id_status_feedback !== undefined)
    conditions.push(eq(s.feedback.id_status_feedback, filter.id_status_feedback));
  if (filter.text)
    conditions.push(
      or(ilike(s.feedback.title, likeOf(filter.text)), ilike(s.feedback.description, likeOf(filter.text))) as SQL,
    );
  const where = and(...conditions) as SQL;
  const rows: FeedbackRecord[] = await selectFeedback(db, where)
    .orderBy(desc(s.feedback.createdAt), desc(s.feedback.id_feedback))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(s.feedback).where(where);
  return { rows, total: n };
}

export async function findFeedback(db: Executor, scope: Scope, id_feedback: number) {
  const rows: FeedbackRecord[] = await selectFeedback(
    db,
    and(eq(s.feedback.id_feedback, id_feedback), inScope(scope)) as SQL,
  );
  return rows[0];
}

export async function feedbackTypeExists(db: Executor, id: number) {
  return (await db.select({ id: s.feedbackType.id }).from(s.feedbackType).where(eq(s.feedbackType.id, id))).length > 0;
}

export async function insertFeedback(db: Executor, scope: Scope, values: typeof s.feedback.$inferInsert) {
  if (!canSeeCampus(scope, values.id_school ?? null, values.id_campus ?? null)) throw forbidden();
  const [row] = await db.insert(s.feedback).values(values).returning({ id: s.feedback.id_feedback });
  return row.id;
}

export async function updateFeedback(
  db: Executor,
  scope: Scope,
  id_feedback: number,
  values: Partial<typeof s.feedback.$inferInsert>,
) {
  await db
    .update(s.feedback)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(s.feedback.id_feedback, id_feedback), inScope(scope)));
}

export async function deleteFeedback(db: Executor, scope: Scope, id_feedback: number) {
  await db.delete(s.feedback).where(and(eq(s.feedback.id_feedback, id_feedback), inScope(scope)));
}
