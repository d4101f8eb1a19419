import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { capturedMail, capturedTextMessage } from '../../db/schema/index';
import type { Scope } from '../../lib/scope';
import type { CapturedSmsInput } from './mail.types';

/** Captured mail and SMS belong to no school: only a system scope sees any. */
const systemOnly = (scope: Scope) => (scope.id_school === null ? sql`true` : sql`false`);

export async function listCapturedMail(db: Executor, scope: Scope, page: number, pageSize: number) {
  const rows = await db
    .select({
      id_captured_mail: capturedMail.id_captured_mail,
      to: capturedMail.to,
      from: capturedMail.from,
      subject: capturedMail.subject,
      createdAt: capturedMail.createdAt,
    })
    .from(capturedMail)
    .where(systemOnly(scope))
    .orderBy(desc(capturedMail.id_captured_mail))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(capturedMail).where(systemOnly(scope));
  return { rows, total: n };
}

export async function findCapturedMail(db: Executor, scope: Scope, id: number) {
  return (
    await db
      .select()
      .from(capturedMail)
      .where(and(eq(capturedMail.id_captured_mail, id), systemOnly(scope)))
  )[0];
}

/** Keeps one mail of the capture transport; answers its id. */
export async function insertCapturedMail(
  db: Executor,
  mail: { from: string; to: string; subject: string; text: string; html: string | null },
): Promise<number> {
  const [row] = await db.insert(capturedMail).values(mail).returning({ id: capturedMail.id_captured_mail });
  return row.id;
}

const c = capturedTextMessage;

export async function listCapturedSms(db: Executor, scope: Scope, page: number, pageSize: number) {
  const rows = await db
    .select()
    .from(c)
    .where(systemOnly(scope))
    .orderBy(desc(c.id_captured_text_message))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(c).where(systemOnly(scope));
  return { rows, total: n };
}

export async function findCapturedSms(db: Executor, scope: Scope, id: number) {
  return (
    await db
      .select()
      .from(c)
      .where(and(eq(c.id_captured_text_message, id), systemOnly(scope)))
  )[0];
}

/** Keeps one SMS of the capture transport; answers its id. */
export async function insertCapturedSms(db: Executor, sms: CapturedSmsInput): Promise<number> {
  const [row] = await db.insert(c).values(sms).returning({ id: c.id_captured_text_message });
  return row.id;
}
