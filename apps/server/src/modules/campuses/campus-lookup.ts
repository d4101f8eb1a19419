import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import * as repo from './campuses.repository';

/** The whole campus row, when the caller may see it; 404 otherwise (`campus-ref.service` when the ids suffice). */
export async function requireCampus(db: Executor, caller: Principal, id_campus: number) {
  const campus = await repo.findCampus(db, caller.scope, id_campus);
  if (!campus) throw notFound();
  return campus;
}
