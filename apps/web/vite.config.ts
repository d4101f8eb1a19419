import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** What compresses: text. Fonts (woff2) and images are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz, level 9) copy beside each built text file, once, at build time:
 * the server answers them as they are (`preCompressed`), so no request pays for compressing a file. A copy that would
 * not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'openseat:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true }))
        .map((file) => path.join(outDir, file))
        .filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** The family portal's first load: the JS a phone downloads before the first screen, gzipped (issue 24). */
const FAMILY_BUDGET_BYTES = 100 * 1024;
const FAMILY_ENTRY = path.join('src', 'family', 'main.tsx');

/**
 * What the portal must never load: the staff app's libraries, its code, and the contract's zod schemas. Of the shared
 * package only the form rules (and the text check they use) run in the portal: they import no library
 * (src/family/constants.test.ts checks it).
 */
const FORBIDDEN = [
  /[\\/]node_modules[\\/](@mui|@emotion|@tanstack|zod|i18next|react-i18next|notistack|@fontsource)[\\/]/,
  /[\\/]packages[\\/]shared[\\/](?!src[\\/](registration-rules|storable-text|zoned-time)\.ts$)/,
  /[\\/]apps[\\/]web[\\/]src[\\/](?!family[\\/])/,
];

type Chunk = { code: string; imports: string[]; dynamicImports: string[]; moduleIds: readonly string[] };

const gzipped = (code: string) => zlib.gzipSync(code, { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The chunks `from` loads, following its static imports only (or also the dynamic ones). */
function reach(chunks: Map<string, Chunk>, from: string, dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = chunks.get(name);
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    chunk.imports.forEach(visit);
    if (dynamic) chunk.dynamicImports.forEach(visit);
  };
  visit(from);
  return seen;
}

/**
 * After the build, prints the family portal's first-load JS (its entry and the chunks it imports, plus its largest
 * language file, loaded before the first screen) gzipped, and fails the build over the budget or when any chunk the
 * portal can load holds a forbidden module.
 */
function familyBudget(): Plugin {
  return {
    name: 'openseat:family-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      let entry: string | null = null;
      for (const [name, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(name, output);
        if (output.isEntry && output.moduleIds.some((id) => id.endsWith(FAMILY_ENTRY))) entry = name;
      }
      if (!entry) return this.error('family budget: no chunk for src/family/main.tsx');
      const firstLoad = reach(chunks, entry, false);
      const everything = reach(chunks, entry, true);
      const forbidden = [...everything].flatMap((name) =>
        chunks
          .get(name)!
          .moduleIds.filter((id) => FORBIDDEN.some((rule) => rule.test(id)))
          .map((id) => `${name}: ${id}`),
      );
      if (forbidden.length) return this.error(`family portal loads what it must not:\n  ${forbidden.join('\n  ')}`);
      const shared = [...firstLoad].reduce((sum, name) => sum + gzipped(chunks.get(name)!.code), 0);
      const languages = [...everything]
        .filter((name) => !firstLoad.has(name))
        .map((name) => ({ name, size: gzipped(chunks.get(name)!.code) }));
      const largestLanguage = Math.max(0, ...languages.map((language) => language.size));
      const total = shared + largestLanguage;
      this.info(
        `family portal first-load JS (gzip): ${kB(total)} of ${kB(FAMILY_BUDGET_BYTES)} ` +
          `(entry and imports ${kB(shared)} in ${firstLoad.size} files, largest language ${kB(largestLanguage)})`,
      );
      if (total > FAMILY_BUDGET_BYTES) this.error(`family portal first-load JS ${kB(total)} is over its budget`);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), familyBudget()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // fonts stay files: inlined in the stylesheet, every page would load each subset of each weight, used or not
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    // two pages, two bundles: the staff app, and the family portal (src/family, its own small first load)
    rolldownOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        family: path.resolve(import.meta.dirname, 'family.html'),
      },
    },
  },
});
