import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { createSchool } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { tokenFor } from '../test/session';
import { IMMUTABLE } from './web-client';

/**
 * What the browser loads, over real HTTP: the web client's files as their pre-compressed copies (a dist folder of the
 * test's own, with brotli and gzip copies as the web build writes them), JSON answers compressed as accepted, and a
 * CSV export still a stream.
 */

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET whose body is kept as sent (fetch would decode it): what crossed the wire. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function decoded(res: Raw): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.body).toString();
  expect(encoding ?? 'identity').toBe('identity');
  return res.body.toString();
}

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word ${i}`))};\n`;
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head></html>';
/** The family portal's page, long enough (over 1 kB) for the build to write its compressed copies. */
const FAMILY = `<!doctype html><html><head><script type="module" src="/assets/family-Ef56Gh78.js"></script></head><body>${'<!-- portal -->'.repeat(80)}</body></html>`;

let ctx: TestContext;
let dist: string;
let token: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const script = path.join(dist, 'assets', 'index-Ab12Cd34.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  const family = path.join(dist, 'family.html');
  fs.writeFileSync(family, FAMILY);
  fs.writeFileSync(`${family}.br`, zlib.brotliCompressSync(FAMILY));
  fs.writeFileSync(`${family}.gz`, zlib.gzipSync(FAMILY));
  ctx = await startTestApp({ webDist: dist });
  token = await tokenFor(ctx, { context: CONTEXT_TYPE.SYSTEM });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web client files', () => {
  const url = () => `${ctx.baseUrl}/assets/index-Ab12Cd34.js`;

  it('answers the brotli copy to a browser that accepts it, cached for a year', async () => {
    const res = await rawGet(url(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body.length).toBe(fs.statSync(path.join(dist, 'assets', 'index-Ab12Cd34.js.br')).size);
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('answers the gzip copy when gzip is all the browser accepts', async () => {
    const res = await rawGet(url(), { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('answers the file itself when the browser accepts no encoding', async () => {
    const res = await rawGet(url());
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('has index.html revalidated on every load, at its own address and at a client route', async () => {
    for (const at of ['/index.html', '/main/applications']) {
      const res = await rawGet(`${ctx.baseUrl}${at}`, { 'accept-encoding': 'br' });
      expect(res.status, at).toBe(200);
      expect(res.headers['cache-control'], at).toBe('no-cache');
      expect(decoded(res), at).toBe(INDEX);
    }
  });
});

describe('the family portal', () => {
  const FAMILY_ROUTES = [
    '/family',
    '/family/',
    '/family/applications',
    '/family/applications/42',
    '/family/link/Ab_c-9?x=1',
  ];

  it('answers family.html at /family and every address under it, revalidated on every load', async () => {
    for (const at of ['/family.html', ...FAMILY_ROUTES]) {
      const res = await rawGet(`${ctx.baseUrl}${at}`, { 'accept-encoding': 'br' });
      expect(res.status, at).toBe(200);
      expect(res.headers['content-type'], at).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], at).toBe('no-cache');
      expect(decoded(res), at).toBe(FAMILY);
    }
  });

  it('answers it compressed as the staff page is: its brotli or gzip copy, as accepted', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await rawGet(`${ctx.baseUrl}/family/applications/42`, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(res)).toBe(FAMILY);
    }
  });

  it('leaves the staff app its own addresses, even those that start with the same letters', async () => {
    for (const at of ['/familyfriends', '/main/family', '/main/applications']) {
      const res = await rawGet(`${ctx.baseUrl}${at}`);
      expect(res.status, at).toBe(200);
      expect(decoded(res), at).toBe(INDEX);
    }
  });

  it('answers the API’s 404 under /api/family, never the page', async () => {
    const res = await rawGet(`${ctx.baseUrl}/api/family/nothing-here`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('API answers', () => {
  beforeAll(async () => {
    for (let i = 0; i < 30; i++) await createSchool(ctx.db, `Compression Test Academy of the Long Name ${i}`);
  });

  it('compresses a JSON list above 1 kB as accepted, decoding to the same JSON, never cached', async () => {
    const plain = await rawGet(`${ctx.baseUrl}/api/school?pageSize=50`, { authorization: `Bearer ${token}` });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await rawGet(`${ctx.baseUrl}/api/school?pageSize=50`, {
        authorization: `Bearer ${token}`,
        'accept-encoding': encoding,
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decoded(res))).toEqual(JSON.parse(plain.body.toString()));
    }
  });

  it('leaves a small answer as it is', async () => {
    const res = await rawGet(`${ctx.baseUrl}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok' });
  });

  it('streams a CSV export, compressed, whole', async () => {
    const res = await rawGet(`${ctx.baseUrl}/api/school/export`, {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-encoding']).toBe('gzip');
    // sent as it is written: no length known up front
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    const lines = decoded(res).trim().split('\n');
    const names = lines.filter((l) => l.includes('Compression Test Academy of the Long Name'));
    expect(names).toHaveLength(30);
    expect(lines.length).toBeGreaterThanOrEqual(31);
  });
});
