import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { createUser } from '../test/factories';
import { apiClient, startTestApp, type TestContext } from '../test/harness';
import { drainJobs } from '../test/jobs';
import { resetTokenIn, startSmtpServer, type TestSmtpServer } from '../test/smtp';

let smtp: TestSmtpServer;
let ctx: TestContext;
let call: ReturnType<typeof apiClient>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await startTestApp({ smtpUrl: smtp.url });
  call = apiClient(ctx.baseUrl);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const newUser = () => createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM });
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

/** Every row of every table of the app and of the job queue, as text. */
async function everyStoredRow(): Promise<string> {
  const { rows } = await ctx.database.executeSql(
    `SELECT table_schema, table_name FROM information_schema.tables
      WHERE table_schema IN ('public', 'pgboss') AND table_type = 'BASE TABLE'`,
    [],
  );
  const texts: string[] = [];
  for (const { table_schema, table_name } of rows as { table_schema: string; table_name: string }[]) {
    const dump = await ctx.database.executeSql(`SELECT t::text AS row FROM "${table_schema}"."${table_name}" t`, []);
    for (const r of dump.rows as { row: string }[]) texts.push(r.row);
  }
  return texts.join('\n');
}

describe('password recovery mail, sent by a job over SMTP', () => {
  it('reaches the SMTP server with a link that resets the password', async () => {
    const user = await newUser();
    const res = await call('POST', '/auth/recovery-password', { body: { email: user.email } });
    expect(res.status).toBe(200);

    await expect.poll(() => mailsTo(user.email).length, { timeout: 15_000 }).toBe(1);
    const token = resetTokenIn(mailsTo(user.email)[0]);
    const reset = await call('POST', '/auth/reset-password', {
      body: { token, password: 'a-brand-new-secret-9', confirmPassword: 'a-brand-new-secret-9' },
    });
    expect(reset.status).toBe(200);
  });

  it('retries a send the SMTP server refused (451), and the mail arrives exactly once', async () => {
    const user = await newUser();
    const offeredBefore = smtp.offered();
    smtp.refuseNext(1);
    const res = await call('POST', '/auth/recovery-password', { body: { email: user.email } });
    expect(res.status).toBe(200);

    await expect.poll(() => mailsTo(user.email).length, { timeout: 15_000 }).toBe(1);
    expect(smtp.offered() - offeredBefore).toBe(2);
    // once the queue is idle, nothing sends it again
    await drainJobs(ctx);
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(smtp.offered() - offeredBefore).toBe(2);
  });

  it('gives every message its own Message-ID, so a receiver can tell a resend from a new mail', async () => {
    const user = await newUser();
    await call('POST', '/auth/recovery-password', { body: { email: user.email } });
    await call('POST', '/auth/recovery-password', { body: { email: user.email } });
    await expect.poll(() => mailsTo(user.email).length, { timeout: 15_000 }).toBe(2);
    const ids = mailsTo(user.email).map((m) => m.messageId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(2);
  });

  it('keeps no readable reset link in the database, in the outbox or in the queue', async () => {
    const user = await newUser();
    await call('POST', '/auth/recovery-password', { body: { email: user.email } });
    await expect.poll(() => mailsTo(user.email).length, { timeout: 15_000 }).toBe(1);
    const token = resetTokenIn(mailsTo(user.email)[0]);
    const stored = await everyStoredRow();
    expect(stored).toContain(user.email); // the dump does see the data (positive control)
    expect(stored).not.toContain(token);
  });
});
