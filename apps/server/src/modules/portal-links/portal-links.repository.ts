import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import type { Contact } from '../../lib/guardian-contact';
import { rowsOf } from '../../lib/sql';

/**
 * A message's sign-in for its recipient, made only when the recipient is the guardian contact of the live
 * application the message is about (a message to the applicant's own address opens nothing). Answers whether it was.
 */
export async function insertMessageSignIn(
  db: Executor,
  row: { id_application: number; contact: Contact; tokenHash: string; expiresAt: Date },
): Promise<boolean> {
  const guardian = row.contact.kind === 'email' ? s.applicant.guardianEmailKey : s.applicant.guardianPhoneKey;
  const inserted = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO guardian_sign_in (contact_key, kind, via, token_hash, code_hash, expires_at)
      SELECT ${row.contact.key}, ${row.contact.kind}, 'message', ${row.tokenHash}, '', ${row.expiresAt.toISOString()}::timestamptz
      FROM application a JOIN applicant ON applicant.id_applicant = a.id_applicant
      WHERE a.id_application = ${row.id_application} AND a.deleted_at IS NULL AND ${guardian} = ${row.contact.key}
      RETURNING id_guardian_sign_in AS id
    `),
  );
  return inserted.length > 0;
}
