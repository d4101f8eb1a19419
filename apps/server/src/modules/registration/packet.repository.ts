import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import type { ItemRow } from './checklist.repository';

/*
 * An application's registration packet: its period's items (those in force, and the versions they replaced: work
 * done on an earlier version stays its own) and the family's responses. The caller has found the application in
 * its reach (a guardian's own, a staff member's scope) before any of these run.
 */

const item = s.registrationItem;
const response = s.registrationResponse;
export type ResponseRow = typeof response.$inferSelect;

/** Every item of the period, in force or retired: the chains of versions. */
export const periodItems = (db: Executor, id_campus_year: number): Promise<ItemRow[]> =>
  db.select().from(item).where(eq(item.id_campus_year, id_campus_year));

/** Every item of these periods, in force or retired. */
export const itemsOfPeriods = (db: Executor, periods: number[]): Promise<ItemRow[]> =>
  db.select().from(item).where(inArray(item.id_campus_year, periods));

/** The responses of these applications (the caller found them in its reach). */
export const responsesOfMany = (db: Executor, ids: number[]): Promise<ResponseRow[]> =>
  db.select().from(response).where(inArray(response.id_application, ids));

export const responsesOf = (db: Executor, id_application: number): Promise<ResponseRow[]> =>
  db.select().from(response).where(eq(response.id_application, id_application));

/** The item in force of this period with this id, or undefined. */
export async function activeItem(db: Executor, id_campus_year: number, id_registration_item: number) {
  const [row] = await db
    .select()
    .from(item)
    .where(
      and(
        eq(item.id_registration_item, id_registration_item),
        eq(item.id_campus_year, id_campus_year),
        sql`${item.retiredAt} IS NULL`,
      ),
    );
  return row;
}

/** The application's response on this item version, locked for the rest of the transaction. */
export async function lockedResponse(db: Executor, id_application: number, id_registration_item: number) {
  const [row] = await db
    .select()
    .from(response)
    .where(and(eq(response.id_application, id_application), eq(response.id_registration_item, id_registration_item)))
    .for('update');
  return row;
}

/** A form's answers submitted (again): waiting for staff, any earlier return cleared. */
export async function submitAnswers(
  db: Executor,
  row: { id_school: number; id_application: number; id_registration_item: number; answers: Record<string, unknown> },
  now: Date,
) {
  await db
    .insert(response)
    .values({ ...row, state: 'submitted', submittedAt: now })
    .onConflictDoUpdate({
      target: [response.id_application, response.id_registration_item],
      set: { answers: row.answers, state: 'submitted', submittedAt: now, returnedReason: null, reviewedAt: null },
    });
}
