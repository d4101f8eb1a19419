import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Scope } from '../../lib/scope';
import * as repo from './campus-ref.repository';

/*
 * The campus as other modules need it before they act on one of its rows: its ids and name, scoped, and its lock.
 * Callers answer 404 for a campus out of scope, so another tenant's id is never revealed.
 */

/** A campus the scope may see, or undefined. */
export const findCampusRef = (db: Executor, scope: Scope, id_campus: number) =>
  repo.findCampusRef(db, scope, id_campus);

/** The campus, when the scope may see it; 404 otherwise. */
export async function requireCampus(db: Executor, scope: Scope, id_campus: number) {
  const campus = await repo.findCampusRef(db, scope, id_campus);
  if (!campus) throw notFound();
  return campus;
}

/** Serialises changes that depend on every row of a campus (see campus-ref.repository). */
export const lockCampus = (db: Executor, id_campus: number) => repo.lockCampus(db, id_campus);
