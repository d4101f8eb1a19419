import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { translate } from '@openseat/shared/messages';
import { STATUS_OF } from '../lib/errors';

/** Vite names every file under assets/ by a hash of its content: a changed file is a new address. */
const HASHED_FOLDER = 'assets';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The family portal's own page (apps/web/family.html): its addresses are /family and everything under it. */
const FAMILY_PAGE = 'family.html';
const FAMILY_PATH = /^\/family(?:[/?#]|$)/;

/** The page a client route answers: the family portal's under /family, the staff app's anywhere else. */
const clientPage = (url: string) => (FAMILY_PATH.test(url) ? FAMILY_PAGE : 'index.html');

/** apps/web/dist when the web client was built (`npm run build`), else null (the API alone). */
export function webDistFolder(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/** What every answer's compression shares: answers of 1 kB and more, in the encodings the browser accepts. */
const COMPRESSED = { threshold: 1024, encodings: ['br', 'gzip'] as ('br' | 'gzip')[] };

/**
 * JSON (and CSV, HTML) answers of 1 kB and more are compressed as the browser accepts: brotli at quality 4 costs about
 * what gzip 6 does for a smaller answer (brotli's default 11 would cost ten times the CPU of a list page). A CSV export
 * stays a stream, compressed as it goes (`STREAMED_CSV_COMPRESSION`). An answer that already says its encoding (the
 * pre-compressed web files) is left as it is.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    ...COMPRESSED,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

/**
 * A route's `compress` for a streamed CSV file: brotli 1 and gzip 1. On a 100,000-row export (26 MB of CSV) brotli 4
 * cost 0.5 to 0.9 s of CPU and gzip 6 0.5 s, as much as building the file; brotli 1 costs 0.16 s for 3.7 MB (gzip 6
 * sent 3.9 MB) and gzip 1 0.25 s for 4.5 MB.
 */
export const STREAMED_CSV_COMPRESSION = {
  ...COMPRESSED,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};

/**
 * The built web client: each file as its brotli or gzip copy made at build time (apps/web/vite.config.ts) when the
 * browser accepts one; hashed files cached for a year, index.html revalidated on every load so a new version is seen
 * at once. Any other GET outside /api answers the client's page for its routes: family.html under /family (the family
 * portal, its own bundle), index.html anywhere else (the staff app).
 */
export async function serveWebClient(app: FastifyInstance, dist: string | null) {
  if (dist)
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        const hashed = path.relative(dist, file).split(path.sep)[0] === HASHED_FOLDER;
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || !dist || request.method !== 'GET') {
      return reply.status(STATUS_OF.NOT_FOUND).send({ message: translate('notFound', request.lng), code: 'NOT_FOUND' });
    }
    return reply.type('text/html').sendFile(clientPage(request.url));
  });
}
