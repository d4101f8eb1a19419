import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { Database } from './db/client';
import { createUser } from './test/factories';
import { openTestDatabase } from './test/harness';
import { drainJobs } from './test/jobs';
import { buildServer, startServerProcess, type ServerProcess } from './test/server-process';
import { startSmtpServer, type TestSmtpServer } from './test/smtp';
import { until } from './test/until';

/*
 * The built server with WEB_CONCURRENCY=2 on the PostgreSQL server: a primary and two worker processes on one port.
 * Which process answered is read from the production log at debug level (a JSON line as each request comes, with
 * its pid; at info a request is logged once, when answered); nothing in an answer says it. On PGlite the server is
 * one process whatever WEB_CONCURRENCY says (config.test.ts): the embedded database is PostgreSQL inside one process,
 * which no second process can open.
 */

const PRODUCTION = {
  NODE_ENV: 'production',
  // the line of a request as it comes, so the test sees a request that still runs
  LOG_LEVEL: 'debug',
  JWT_SECRET: 'c'.repeat(48),
  ENCRYPTION_KEY: 'd'.repeat(64),
  WEB_CONCURRENCY: '2',
  // the test sends from made-up client addresses, as a proxy would forward them (the per-address sign-in limit)
  TRUST_PROXY: '127.0.0.1',
};

/** The pids of a process's children (Linux's /proc): the cluster's workers. */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // pid (command) state ppid ...: the command may hold spaces, so read after its closing parenthesis
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

type LogLine = { pid: number; msg: string; req?: { url: string } };

/** The requests to `url` the workers logged so far (a line still being written is not one yet). */
function requestsTo(server: ServerProcess, url: string): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    })
    .filter((l) => l.msg === 'incoming request' && l.req?.url === url);
}

/** The pids of the processes that took requests to `url`. */
const answeredBy = (server: ServerProcess, url: string) => new Set(requestsTo(server, url).map((l) => l.pid));

/** Health checks at once, each on a connection of its own: the primary hands connections to its workers in turn. */
async function healthChecks(server: ServerProcess, n = 8) {
  const answers = await Promise.all(
    Array.from({ length: n }, () => fetch(`${server.baseUrl}/api/health`).then((res) => res.status)),
  );
  expect(answers).toEqual(Array(n).fill(200));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the server in several processes (a PostgreSQL server only: TEST_DATABASE_URL; the embedded database is one process)',
  () => {
    let database: Database;
    let url: string;
    let drop: () => Promise<void>;
    let smtp: TestSmtpServer;
    let server: ServerProcess;

    beforeAll(async () => {
      await buildServer();
      const opened = await openTestDatabase();
      ({ database, drop } = opened);
      url = opened.url!;
      smtp = await startSmtpServer();
      server = await startServerProcess({ ...PRODUCTION, DATABASE_URL: url, SMTP_URL: smtp.url }, { built: true });
      // the first worker answers /api/health; the primary announces once every worker listens. Its banner is
      // several writes: wait for the line of the processes, which comes after the first
      await until('the banner', async () => server.output().includes('Processes:'), 60_000);
    }, 120_000);
    afterAll(async () => {
      await server?.kill('SIGKILL');
      await database?.close();
      await drop?.();
      await smtp?.close();
    });

    it('announces itself once, with its number of processes, and answers from both workers', async () => {
      expect(server.output().match(/OpenSeat is running at/g)).toHaveLength(1);
      expect(server.output()).toContain('Processes: 2');
      const workers = childrenOf(server.child.pid!);
      expect(workers).toHaveLength(2);
      await expect
        .poll(
          async () => {
            await healthChecks(server);
            return [...answeredBy(server, '/api/health')].sort();
          },
          { timeout: 20_000 },
        )
        .toEqual([...workers].sort());
    });

    it('runs each job once: mail asked for through both workers is delivered once per recipient', async () => {
      const users = await Promise.all(
        Array.from({ length: 40 }, () => createUser(database.db, { context: CONTEXT_TYPE.SYSTEM })),
      );
      const statuses = await Promise.all(
        users.map((user, i) =>
          fetch(`${server.baseUrl}/api/auth/recovery-password`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
            body: JSON.stringify({ email: user.email }),
          }).then((res) => res.status),
        ),
      );
      expect(statuses).toEqual(Array(users.length).fill(200));
      // both workers took requests, so both enqueued (and both poll the queue)
      expect(answeredBy(server, '/api/auth/recovery-password').size).toBe(2);

      const emails = users.map((u) => u.email);
      const delivered = () => smtp.received.map((m) => m.to[0]).filter((to) => emails.includes(to));
      await expect.poll(() => delivered().length, { timeout: 30_000 }).toBe(users.length);
      await drainJobs({ database }, { ms: 30_000 });
      expect(delivered().sort()).toEqual([...emails].sort());
    }, 60_000);

    it('starts a worker again when one dies, and keeps answering', async () => {
      const [victim, survivor] = childrenOf(server.child.pid!);
      process.kill(victim, 'SIGKILL');
      await expect.poll(() => server.output(), { timeout: 20_000 }).toContain(`Server process ${victim} ended`);
      await expect.poll(() => childrenOf(server.child.pid!).length, { timeout: 60_000 }).toBe(2);
      const [replacement] = childrenOf(server.child.pid!).filter((pid) => pid !== survivor);
      expect(replacement).not.toBe(victim);
      await expect.poll(() => server.output(), { timeout: 60_000 }).toContain(`Server process ${replacement} started`);
      await expect
        .poll(
          async () => {
            await healthChecks(server);
            return answeredBy(server, '/api/health').has(replacement);
          },
          { timeout: 20_000 },
        )
        .toBe(true);
    }, 120_000);

    it('on SIGTERM lets a running request finish, stops every worker and exits', async () => {
      const workers = childrenOf(server.child.pid!);
      const user = await createUser(database.db, { context: CONTEXT_TYPE.SYSTEM });
      const before = requestsTo(server, '/api/auth/recovery-password').length;
      // a recovery request answers no sooner than 300 ms: SIGTERM comes while it runs
      const running = fetch(`${server.baseUrl}/api/auth/recovery-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.200' },
        body: JSON.stringify({ email: user.email }),
      });
      await expect
        .poll(() => requestsTo(server, '/api/auth/recovery-password').length, { timeout: 10_000 })
        .toBe(before + 1);
      server.child.kill('SIGTERM');
      expect((await running).status).toBe(200);
      expect(await server.exited).toBe(0);
      expect(workers.filter(alive)).toEqual([]);
    }, 60_000);

    it('does not start when a worker cannot: the port is taken', async () => {
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const { port } = taken.address() as net.AddressInfo;
      try {
        const started = startServerProcess(
          { ...PRODUCTION, DATABASE_URL: url, SMTP_URL: smtp.url, PORT: String(port) },
          { built: true },
        );
        await expect(started).rejects.toThrow(/ended \(1\)[\s\S]*OpenSeat did not start/);
      } finally {
        taken.close();
      }
    }, 60_000);
  },
);
