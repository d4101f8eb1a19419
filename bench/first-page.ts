import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer, type Row } from './harness';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Loaded = { url: string; type: string; wireBytes: number; encoding: string; gzipBytes: number };

/**
 * The sign-in page as a first-time visitor's browser loads it (issue 22): the built server on an empty data dir,
 * /login opened in Chromium with an empty cache, every request counted until the network is idle. "Over the wire" is
 * what Chromium received (headers and encoded bodies: Network.loadingFinished's encodedDataLength); the scripts'
 * figure is their gzip size (level 9, as the server's .gz copies), so it does not depend on the encoding the browser
 * chose.
 */
export async function benchFirstPage(rows: Row[]) {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-bench-first-page-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await (await browser.newContext()).newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = new Map<string, { url: string; type: string; encoding: string }>();
    const finished = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) =>
      responses.set(e.requestId, {
        url: e.response.url,
        type: e.type,
        encoding: String(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '-'),
      }),
    );
    cdp.on('Network.loadingFinished', (e) => finished.set(e.requestId, e.encodedDataLength));
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-email').waitFor();

    const loaded: Loaded[] = [];
    for (const [id, wireBytes] of finished) {
      const response = responses.get(id);
      if (!response) continue;
      let gzipBytes = 0;
      if (response.type === 'Script') {
        const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId: id });
        gzipBytes = zlib.gzipSync(Buffer.from(body, base64Encoded ? 'base64' : 'utf8'), { level: 9 }).length;
      }
      loaded.push({ ...response, wireBytes, gzipBytes });
    }
    const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    const wire = loaded.reduce((sum, r) => sum + r.wireBytes, 0);
    const scripts = loaded.filter((r) => r.type === 'Script');
    const js = scripts.reduce((sum, r) => sum + r.gzipBytes, 0);
    const encodings = [...new Set(loaded.map((r) => r.encoding).filter((e) => e !== '-'))].join('/') || 'none';
    rows.push([
      'first page (sign-in): bytes over the wire',
      `${kB(wire)} in ${loaded.length} requests`,
      `target < 350 kB; headers + bodies, content-encoding ${encodings}`,
    ]);
    rows.push(['first page JS (gzipped)', `${kB(js)} in ${scripts.length} scripts`, 'target < 150 kB']);
    if (process.env.BENCH_VERBOSE)
      for (const r of loaded.sort((a, b) => b.wireBytes - a.wireBytes))
        console.log(`${kB(r.wireBytes).padStart(10)} ${r.encoding.padEnd(5)} ${r.type.padEnd(10)} ${r.url}`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
