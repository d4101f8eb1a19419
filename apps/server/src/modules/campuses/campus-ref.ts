import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';

/** A campus the scope may see, or undefined (callers answer 404: another tenant's id is not revealed). */
export async function findCampusRef(db: Executor, scope: Scope, id_campus: number) {
  const rows = await db
    .select({ id_campus: s.campus.id_campus, id_school: s.campus.id_school, name: s.campus.name })
    .from(s.campus)
    .where(and(eq(s.campus.id_campus, id_campus), inCampus(scope, s.campus.id_school, s.campus.id_campus)));
  return rows[0];
}
