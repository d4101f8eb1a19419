import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { capturedMail } from '../../db/schema/index';
import type { Scope } from '../../lib/scope';

/** Captured mail belongs to no school: only a system scope sees any. */
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
