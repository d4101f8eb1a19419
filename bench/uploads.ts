/**
 * A registration document of 10 MB sent by a family (issue 25), on PGlite and on the PostgreSQL server: the server's
 * memory while the upload streams to disk (1 MiB chunks, as the portal sends them, and one 8 MiB chunk, the most a
 * chunk may be), beside its memory at rest. The file is a real PDF (`%PDF-` to `%%EOF`), so the server's check runs
 * on all of it. Memory: the server process's resident size (its peak during the upload, Linux VmHWM, reset before),
 * and on PGlite, where the server is this process, its V8 heap too.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { STATUS } from '@openseat/shared/constants';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed/demo';
import { sha256 } from '../apps/server/src/lib/crypto';
import { findBenchPeriod } from './applications-data';
import { createBenchDatabase, peakRssMiB, processTree, resetPeak, rssMiB, startApi, type Row } from './harness';

const MB = 1024 * 1024;
const SIZE = 10 * MB;
const GUARDIAN = 'uploads.bench@example.org';

const progress = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);
const mib = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(0)} MiB`);

/** A PDF of exactly `size` bytes: header, a comment of filler lines, the trailer. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%bench\n');
  const tail = Buffer.from('\ntrailer\n<< >>\nstartxref\n0\n%%EOF\n');
  const body = Buffer.alloc(size - head.length - tail.length, '% filler line of the bench document ........\n');
  return Buffer.concat([head, body, tail]);
}

/** One application of a started period, confirmed and the guardian's, with a PDF item in its checklist. */
async function seedFamily(database: Database) {
  const period = await findBenchPeriod(database);
  const run = (text: string, params: unknown[] = []) => database.executeSql(text, params as never);
  const { rows: items } = await run(
    `INSERT INTO registration_item (id_school, id_campus_year, position, kind, required, labels, settings, version)
     VALUES ($1, $2, 1, 'document', true, '{"en": "Proof of address", "es": "Comprobante de domicilio"}',
             '{"types": ["pdf"], "maxMb": 20}', 'bench-upload') RETURNING id_registration_item`,
    [period.id_school, period.id_campus_year],
  );
  const { rows: apps } = await run(
    `UPDATE application SET id_status = $2 WHERE id_application = (
       SELECT id_application FROM application WHERE id_campus_year = $1 AND deleted_at IS NULL
       ORDER BY id_application LIMIT 1) RETURNING id_application, id_applicant`,
    [period.id_campus_year, STATUS.CONFIRMED],
  );
  const app = apps[0] as { id_application: number; id_applicant: number };
  await run(`UPDATE applicant SET guardian_email = $2 WHERE id_applicant = $1`, [app.id_applicant, GUARDIAN]);
  const key = randomBytes(32).toString('base64url');
  await run(
    `INSERT INTO guardian_session (key_hash, contact_key, kind, expires_at) VALUES ($1, $2, 'email', now() + interval '1 hour')`,
    [sha256(key), GUARDIAN],
  );
  return { id: app.id_application, item: (items[0] as { id_registration_item: number }).id_registration_item, key };
}

type Reply = { status: number; body: string };

function request(url: string, method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(`${url}${path}`, { method, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function benchUploads(kind: 'pglite' | 'postgres', rows: Row[]) {
  const { databaseUrl, dataDir, drop } = await createBenchDatabase(kind, 'uploads');
  progress(`${kind}: migrate and seed the demo, one family with a document to send`);
  const seeding = await openDatabase({ databaseUrl, dataDir });
  await migrateDatabase(seeding);
  await seedDemoData(seeding.db);
  const family = await seedFamily(seeding);
  await seeding.close();
  const database = await openDatabase({ databaseUrl, dataDir });
  const server = await startApi(kind, database, dataDir, databaseUrl, { WEB_CONCURRENCY: '1' });
  const origin = new URL(server.url).origin;
  const headers = { cookie: `openseat_family=${family.key}`, origin, 'x-requested-with': 'fetch' };
  const pdf = pdfOf(SIZE);
  try {
    for (const chunk of [1 * MB, 8 * MB]) {
      progress(`${kind}: 10 MB in chunks of ${chunk / MB} MiB`);
      const opened = await request(
        server.url,
        'POST',
        `/api/family/applications/${family.id}/registration/documents/${family.item}/uploads`,
        { ...headers, 'content-type': 'application/json' },
        Buffer.from(JSON.stringify({ name: 'proof.pdf', size: SIZE })),
      );
      if (opened.status !== 200) throw new Error(`open: ${opened.status} ${opened.body}`);
      const { id_upload } = JSON.parse(opened.body) as { id_upload: string };
      const pids = server.pids().flatMap((pid) => processTree(pid));
      const rest = pids.reduce((sum, pid) => sum + (rssMiB(pid) ?? 0), 0);
      pids.forEach(resetPeak);
      const heapBefore = process.memoryUsage().heapUsed / MB;
      let heapPeak = heapBefore;
      const t = performance.now();
      let last: Reply | null = null;
      for (let from = 0; from < SIZE; from += chunk) {
        const to = Math.min(SIZE, from + chunk) - 1;
        last = await request(
          server.url,
          'PUT',
          `/api/family/applications/${family.id}/registration/uploads/${id_upload}`,
          { ...headers, 'content-type': 'application/octet-stream', 'content-range': `bytes ${from}-${to}/${SIZE}` },
          pdf.subarray(from, to + 1),
        );
        if (last.status !== 200) throw new Error(`chunk at ${from}: ${last.status} ${last.body}`);
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed / MB);
      }
      const seconds = (performance.now() - t) / 1000;
      if (!last || !(JSON.parse(last.body) as { done: boolean }).done) throw new Error('the upload did not complete');
      const peak = pids.reduce((sum, pid) => sum + (peakRssMiB(pid) ?? 0), 0);
      rows.push([
        `${kind}: 10 MB document upload, ${chunk / MB} MiB chunks`,
        `server RSS ${mib(rest)} at rest, peak ${mib(peak)} (+${mib(peak - rest)})`,
        `${(SIZE / MB / seconds).toFixed(0)} MB/s, completed and checked (a real PDF)` +
          (kind === 'pglite'
            ? `; the server is this process: V8 heap ${mib(heapBefore)} before, peak ${mib(heapPeak)} between chunks (the bench holds the 10 MB file itself)`
            : `; ${pids.length} server process(es)`),
      ]);
    }
  } finally {
    await server.stop();
    await database.close();
    await drop();
  }
}
