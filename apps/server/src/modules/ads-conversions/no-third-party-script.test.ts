import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../config';

/*
 * Conversions are reported from the server only: no page of the product loads a pixel, a tag or any script from
 * elsewhere (docs/ads-conversions.md). Checked over the web app's page, its sources and, once built, its output; the
 * server's CSP (`script-src 'self'`, `connect-src 'self'`, safe-defaults.test.ts) refuses any that slipped in.
 */

const web = path.join(repositoryRoot(), 'apps', 'web');
const dist = path.join(web, 'dist');

/** Hosts of ads pixels and tag managers. */
const TRACKERS =
  /connect\.facebook\.net|facebook\.com\/tr|fbevents\.js|googletagmanager\.com|google-analytics\.com|googleadservices\.com|doubleclick\.net|gtag\/js|analytics\.js/i;
/** A script element made at run time (how a tag is usually injected). */
const INJECTED_SCRIPT = /createElement\(\s*['"`]script['"`]\s*\)/;

function filesUnder(dir: string, extensions: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full, extensions);
    return extensions.test(entry.name) ? [full] : [];
  });
}

/** Every address an HTML page loads something from: scripts, styles, frames, images, preloads. */
function loadedAddresses(html: string): string[] {
  const tags = html.match(/<(script|link|iframe|img|embed|object)\b[^>]*>/gi) ?? [];
  return tags.flatMap((tag) => [...tag.matchAll(/\b(?:src|href|data)\s*=\s*["']([^"']*)["']/gi)].map((m) => m[1]));
}

const external = (address: string) => /^(https?:)?\/\//i.test(address.trim());

function expectNoThirdPartyPage(file: string) {
  const html = fs.readFileSync(file, 'utf8');
  expect(loadedAddresses(html).filter(external), file).toEqual([]);
  // the only scripts are the app's own modules: none inline, none from elsewhere
  for (const tag of html.match(/<script\b[^>]*>([\s\S]*?)<\/script>/gi) ?? [])
    expect(tag, file).toMatch(/^<script\b[^>]*\bsrc=["']\/[^/]/i);
  expect(html, file).not.toMatch(TRACKERS);
}

describe('no page loads a third-party script', () => {
  it('the web app page loads only its own module', () => {
    expectNoThirdPartyPage(path.join(web, 'index.html'));
  });

  it('no source file names a tracker or injects a script element', () => {
    const sources = filesUnder(path.join(web, 'src'), /\.(tsx?|html|css)$/).filter((f) => !f.endsWith('.test.ts'));
    expect(sources.length).toBeGreaterThan(20);
    for (const file of sources) {
      const text = fs.readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(TRACKERS);
      expect(text, file).not.toMatch(INJECTED_SCRIPT);
    }
  });

  it.skipIf(!fs.existsSync(path.join(dist, 'index.html')))('nor does the built output (npm run build)', () => {
    for (const page of filesUnder(dist, /\.html$/)) expectNoThirdPartyPage(page);
    for (const bundle of filesUnder(dist, /\.js$/)) {
      const text = fs.readFileSync(bundle, 'utf8');
      expect(text, bundle).not.toMatch(TRACKERS);
    }
  });
});
