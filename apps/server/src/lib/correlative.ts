import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import * as s from '../db/schema/index';

/**
 * The next correlative of a school's applications (the number staff see), in the caller's transaction. The school
 * row is locked until the transaction ends, so two intakes (or a copy job) of one school never draw the same
 * number; deleted applications keep theirs, so a number is never reused.
 */
export async function nextCorrelative(db: Executor, id_school: number): Promise<number> {
  await db
    .select({ id: s.school.id_school })
    .from(s.school)
    .where(eq(s.school.id_school, id_school))
    .for('no key update');
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${s.application.correlative}), 0)::int` })
    .from(s.application)
    .where(eq(s.application.id_school, id_school));
  return row.last + 1;
}
