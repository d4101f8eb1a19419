import { and, eq } from 'drizzle-orm';
import { inCampus, type Scope } from '../lib/scope';
import type { Executor } from './client';
import * as s from './schema/index';

/*
 * The campus as a module needs it before acting on one of its rows: shared by the campuses module (its campus-ref
 * service, used by priorities, templates, users) and by enrollment, which campuses itself calls (a grade switched on
 * adds its seats), so neither module imports the other's repository.
 */

/** A campus the scope may see, or undefined (callers answer 404: another tenant's id is not revealed). */
export async function findCampusRef(db: Executor, scope: Scope, id_campus: number) {
  const rows = await db
    .select({ id_campus: s.campus.id_campus, id_school: s.campus.id_school, name: s.campus.name })
    .from(s.campus)
    .where(and(eq(s.campus.id_campus, id_campus), inCampus(scope, s.campus.id_school, s.campus.id_campus)));
  return rows[0];
}

/**
 * Serialises changes that depend on every row of a campus (one started period at a time, distinct priority
 * levels). FOR NO KEY UPDATE does not block inserts that only reference the campus.
 */
export async function lockCampus(db: Executor, id_campus: number) {
  await db
    .select({ id: s.campus.id_campus })
    .from(s.campus)
    .where(eq(s.campus.id_campus, id_campus))
    .for('no key update');
}
