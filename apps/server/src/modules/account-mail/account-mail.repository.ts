import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountMail } from '../../db/schema/index';

// Mail to staff accounts is system-level (no caller, no school): the job reaches it by id, nothing lists it.

export type NewAccountMail = { id_user: number | null; kind: string; recipient: string; sealedContent: string };

export async function insertAccountMail(db: Executor, mail: NewAccountMail) {
  const [row] = await db.insert(accountMail).values(mail).returning({ id_account_mail: accountMail.id_account_mail });
  return row.id_account_mail;
}

export async function findAccountMail(db: Executor, id_account_mail: number) {
  return (await db.select().from(accountMail).where(eq(accountMail.id_account_mail, id_account_mail)))[0];
}

/** Sent: the sealed content is dropped, the link it held has no business staying in the database. */
export async function markAccountMailSent(db: Executor, id_account_mail: number) {
  await db
    .update(accountMail)
    .set({ status: 'sent', sentAt: new Date(), sealedContent: null, attempts: sql`${accountMail.attempts} + 1` })
    .where(eq(accountMail.id_account_mail, id_account_mail));
}

export async function recordAccountMailFailure(db: Executor, id_account_mail: number, error: string, final: boolean) {
  await db
    .update(accountMail)
    .set({
      lastError: error.slice(0, 1000),
      attempts: sql`${accountMail.attempts} + 1`,
      ...(final ? { status: 'failed', sealedContent: null } : {}),
    })
    .where(eq(accountMail.id_account_mail, id_account_mail));
}
