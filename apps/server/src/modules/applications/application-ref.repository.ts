import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';

/** What every application route needs to know before it acts: where the application lives and where it stands. */
const refColumns = {
  id_application: s.application.id_application,
  id_school: s.application.id_school,
  id_campus: s.application.id_campus,
  id_campus_year: s.application.id_campus_year,
  id_school_year: s.application.id_school_year,
  id_status: s.application.id_status,
  id_grade: s.application.id_grade,
  correlative: s.application.correlative,
};

/**
 * An application the scope may see (its campus in scope, not deleted), or undefined: callers answer 404, so
 * another tenant's id is never revealed. `lock` takes the row for the rest of the transaction (status moves).
 */
export async function findApplicationRef(db: Executor, scope: Scope, id_application: number, lock = false) {
  const query = db
    .select(refColumns)
    .from(s.application)
    .where(
      and(
        eq(s.application.id_application, id_application),
        isNull(s.application.deletedAt),
        inCampus(scope, s.application.id_school, s.application.id_campus),
      ),
    );
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}
