import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';

/*
 * The registration checklists' rows (db/schema/registration.ts). Every read names the period, found in the caller's
 * scope first (`findPeriod`): another school's or campus's period answers nothing.
 */

const item = s.registrationItem;
export type ItemRow = typeof item.$inferSelect;
export type NewItem = Omit<typeof item.$inferInsert, 'id_registration_item' | 'createdAt' | 'retiredAt'>;

/** A school period in scope, with its school and campus; `lock` holds its row until the transaction ends. */
export async function findPeriod(db: Executor, scope: Scope, id_campus_year: number, lock = false) {
  const cy = s.campusYear;
  const query = db
    .select({ id_campus_year: cy.id_campus_year, id_school: cy.id_school, id_campus: cy.id_campus })
    .from(cy)
    .where(and(eq(cy.id_campus_year, id_campus_year), inCampus(scope, cy.id_school, cy.id_campus)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The period's items in force, in the order families see them. */
export const activeItems = (db: Executor, id_campus_year: number): Promise<ItemRow[]> =>
  db
    .select()
    .from(item)
    .where(and(eq(item.id_campus_year, id_campus_year), isNull(item.retiredAt)))
    .orderBy(asc(item.position), asc(item.id_registration_item));

export async function insertItems(db: Executor, rows: NewItem[]): Promise<void> {
  if (rows.length) await db.insert(item).values(rows);
}

export async function retireItems(db: Executor, ids: number[], now: Date): Promise<void> {
  if (ids.length)
    await db
      .update(item)
      .set({ retiredAt: now })
      .where(and(inArray(item.id_registration_item, ids), isNull(item.retiredAt)));
}

export async function moveItem(db: Executor, id_registration_item: number, position: number): Promise<void> {
  await db.update(item).set({ position }).where(eq(item.id_registration_item, id_registration_item));
}
