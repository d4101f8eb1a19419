import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../plugins/errors';
import { csvLine, neutralizeCell, streamCsv } from './csv';

/** A real Fastify server with the app's error handler, streaming CSV from row sources that fail on purpose. */
let app: FastifyInstance;
let baseUrl: string;

async function* rowsThatFailAt(failAt: number, count = 3) {
  for (let i = 0; i < count; i++) {
    if (i === failAt) throw Object.assign(new Error('value out of range for type integer'), { code: '22003' });
    yield { name: `School ${i}` };
  }
}

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  const route = (failAt: number, count?: number) => (_req: unknown, reply: Parameters<typeof streamCsv>[0]) =>
    streamCsv(reply, 'schools.csv', ['name'], rowsThatFailAt(failAt, count), (r) => [r.name]);
  app.get('/ok', route(-1));
  app.get('/fails-first', route(0));
  app.get('/fails-later', route(1, 20_000));
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app?.close());

describe('CSV export', () => {
  it('streams the header and every row', async () => {
    const res = await fetch(`${baseUrl}/ok`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await res.text()).toBe('name\nSchool 0\nSchool 1\nSchool 2\n');
  });

  it('a query that fails before the first row answers a JSON error, not a CSV nor Fastify’s internal body', async () => {
    const res = await fetch(`${baseUrl}/fails-first`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(await res.json()).toEqual({ message: 'The request is not valid.', code: 'INVALID_INPUT' });
  });

  it('a failure after the first row cuts the download, so a partial file never looks complete', async () => {
    await expect(fetch(`${baseUrl}/fails-later`).then((res) => res.text())).rejects.toThrow();
  });
});

describe('formula neutralisation (OWASP CSV injection)', () => {
  it('neutralises what a spreadsheet would run, in every cell of every line', () => {
    for (const formula of ['=1+2', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)', '\t=1', '\r=1', '-', '+', '=', '+A1'])
      expect(neutralizeCell(formula), JSON.stringify(formula)).toBe(`'${formula}`);
    expect(csvLine(['=1+2', '@SUM(A1)'])).toBe("'=1+2,'@SUM(A1)\n");
    expect(csvLine(['=HYPERLINK("http://x","y")'])).toBe(`"'=HYPERLINK(""http://x"",""y"")"\n`);
  });

  it('writes phones and signed numbers as they are', () => {
    for (const plain of ['+16024831227', '-12.5', '+1 (602) 483-1227', '-3', '+44 20 7946 0958', 'José', '1+1'])
      expect(neutralizeCell(plain), plain).toBe(plain);
    expect(csvLine(['+16024831227', -12.5, '-12.5'])).toBe('+16024831227,-12.5,-12.5\n');
  });
});
