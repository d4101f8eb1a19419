import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { rowsOf, inIds } from '../../lib/sql';

// the guardian's contact keys of the query's applicant `p`, normalised as the family portal keys a guardian
const p = alias(s.applicant, 'p');
const emailKey = p.guardianEmailKey;
const phoneKey = p.guardianPhoneKey;

/** What the recipients query reads of one application: its family, campus, school, period and latest form answers. */
export type RecipientRow = {
  id_application: number;
  id_school: number;
  id_campus: number;
  id_campus_year: number | null;
  id_status: number;
  guardian_email: string | null;
  guardian_phone: string | null;
  applicant_email: string | null;
  applicant_phone: string | null;
  guardian_language: string;
  /** The language the guardian chose in the family portal (guardian_preference), by e-mail first, else by phone. */
  preferred_language: string | null;
  first_name: string;
  last_name: string;
  guardian_name: string | null;
  campus_name: string;
  campus_phone: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  school_name: string;
  grade: string | null;
  school_year: string | null;
  form_url: string | null;
  offer_expires_at: string | null;
  time_zone: string;
  answers: Array<{ question: string; answer: string }> | null;
};

/** The rows of these live applications (deleted ones have none), in no particular order. */
export async function findRecipientRows(db: Executor, ids: readonly number[]): Promise<RecipientRow[]> {
  return rowsOf<RecipientRow>(
    await db.execute(sql`
      SELECT a.id_application, a.id_school, a.id_campus, a.id_campus_year, a.id_status,
             p.guardian_email, p.guardian_phone_number AS guardian_phone, p.email AS applicant_email,
             p.phone_number AS applicant_phone, p.guardian_language, p.first_name, p.last_name, p.guardian_name,
             c.name AS campus_name, cc.phone_number AS campus_phone,
             -- the family's contact: the campus's own, else its school's
             coalesce(nullif(c.telephone, ''), nullif(cc.phone_number, ''), sch.telephone) AS contact_phone,
             coalesce(nullif(c.email, ''), nullif(cc.email, ''), sch.email) AS contact_email,
             sch.name AS school_name, g.name AS grade, sy.name AS school_year,
             a.offer_expires_at::text AS offer_expires_at, coalesce(cc.time_zone, sc.time_zone, 'UTC') AS time_zone,
             (SELECT f.form_url FROM campus_form f
               WHERE f.id_school = a.id_school AND f.id_campus = a.id_campus AND f.is_application_form
                 AND (f.id_campus_year IS NULL OR f.id_campus_year = a.id_campus_year)
               ORDER BY f.id_campus_year NULLS LAST, f.id_campus_form LIMIT 1) AS form_url,
             -- two lookups on the preference's unique (kind, contact_key): the e-mail's, else the phone's
             coalesce(
               (SELECT gp.lng FROM guardian_preference gp WHERE gp.kind = 'email' AND gp.contact_key = ${emailKey}),
               (SELECT gp.lng FROM guardian_preference gp WHERE gp.kind = 'phone' AND gp.contact_key = ${phoneKey})
             ) AS preferred_language,
             (SELECT fs.answers FROM form_submission fs
               WHERE fs.id_school = a.id_school AND fs.id_application = a.id_application
               ORDER BY fs.created_at DESC LIMIT 1) AS answers
      FROM application a
      JOIN applicant p ON p.id_school = a.id_school AND p.id_applicant = a.id_applicant
      JOIN campus c ON c.id_school = a.id_school AND c.id_campus = a.id_campus
      JOIN school sch ON sch.id_school = a.id_school
      LEFT JOIN campus_configuration cc ON cc.id_campus = a.id_campus
      LEFT JOIN school_configuration sc ON sc.id_school = a.id_school
      LEFT JOIN grade g ON g.id_grade = a.id_grade
      LEFT JOIN school_year sy ON sy.id_school_year = a.id_school_year
      -- one parameter however many: a lottery's thousands stay far from the protocol's parameter limit
      WHERE ${inIds(sql`a.id_application`, ids)} AND a.deleted_at IS NULL
    `),
  );
}
