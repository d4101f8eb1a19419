import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A house rule lint cannot say: a feature's screens live in its components/ folder. The import zones (features
 * apart, app/ on top, lib/ at the bottom) and "fetch only in api/ files" are ESLint rules (eslint.config.js).
 */
const FEATURES = import.meta.dirname;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });

describe('web features', () => {
  it('keep their pages in components/ (no loose screen files beside api/ and components/)', () => {
    const loose = sourceFiles(FEATURES)
      .map((file) => path.relative(FEATURES, file).split(path.sep))
      .filter((parts) => parts.length === 2 && parts[1].endsWith('Page.tsx'))
      .map((parts) => parts.join('/'));
    expect(loose).toEqual([]);
  });
});
