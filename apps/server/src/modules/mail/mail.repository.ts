import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { capturedMail } from '../../db/schema/index';

export async function listCapturedMail(db: Executor, page: number, pageSize: number) {
  const rows = await db
    .select({ id_captured_mail: capturedMail.id_captured_mail, to: capturedMail.to, from: capturedMail.from, subject: capturedMail.subject, createdAt: capturedMail.createdAt })
    .from(capturedMail)
    .orderBy(desc(capturedMail.id_captured_mail))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(capturedMail);
  return { rows, total: n };
}

export async function findCapturedMail(db: Executor, id: number) {
  return (await db.select().from(capturedMail).where(eq(capturedMail.id_captured_mail, id)))[0];
}
