import { sql } from 'drizzle-orm';
import type { ErasureScope } from '@openseat/shared/schemas/erasure';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../lib/sql';

export type ErasedApplication = {
  id_application: number;
  correlative: number;
  first_name: string;
  last_name: string;
  campus: string;
  school_year: string | null;
  id_status: number;
  anonymised: boolean;
};

/**
 * The applications of the school a request for `id_application` covers, deleted ones too: the applicant's own (its
 * copies to other periods share the applicant), and for a family also those of any applicant whose guardian has the
 * same e-mail or phone.
 */
export async function coveredApplications(
  db: Executor,
  id_school: number,
  id_application: number,
  scope: ErasureScope,
) {
  const family = scope === 'family';
  return rowsOf<ErasedApplication>(
    await db.execute(sql`
      WITH target AS (
        SELECT p.id_applicant, p.guardian_email_key AS email, p.guardian_phone_key AS phone
          FROM application a JOIN applicant p ON p.id_applicant = a.id_applicant
         WHERE a.id_school = ${id_school} AND a.id_application = ${id_application}
      )
      SELECT a.id_application, a.correlative, p.first_name, p.last_name, c.name AS campus, sy.name AS school_year,
             a.id_status, a.anonymised_at IS NOT NULL AS anonymised
        FROM application a
        JOIN applicant p ON p.id_applicant = a.id_applicant
        JOIN campus c ON c.id_school = a.id_school AND c.id_campus = a.id_campus
        LEFT JOIN school_year sy ON sy.id_school_year = a.id_school_year
        CROSS JOIN target t
       WHERE a.id_school = ${id_school} AND p.id_school = ${id_school}
         AND (p.id_applicant = t.id_applicant
              OR (${family} AND t.email <> '' AND p.guardian_email_key = t.email)
              OR (${family} AND length(t.phone) >= 7 AND p.guardian_phone_key = t.phone))
       ORDER BY a.correlative`),
  );
}

/** How many stored files and messages these applications have (what a deletion would remove). */
export async function filesAndMessages(db: Executor, id_school: number, ids: number[]) {
  const apps = sql`${`{${ids.join(',')}}`}::int[]`;
  const count = (table: string) =>
    sql`(SELECT count(*)::int FROM ${sql.raw(table)} WHERE id_school = ${id_school} AND id_application = ANY(${apps}))`;
  const [row] = rowsOf<{ files: number; messages: number }>(
    await db.execute(sql`
      SELECT ${count('application_file')} + ${count('registration_document')} + ${count('registration_signature')}
               AS files,
             (SELECT count(*)::int FROM message_outbox
               WHERE id_school = ${id_school} AND id_application = ANY(${apps}) AND body <> '') AS messages`),
  );
  return row;
}
