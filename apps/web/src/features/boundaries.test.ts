import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The web's house rules, checked on the source: features stay apart, and components never fetch. */
const FEATURES = import.meta.dirname;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });

const featureOf = (file: string) => path.relative(FEATURES, file).split(path.sep)[0];
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'|import\('(\.[^']+)'\)/g)].map((m) => m[1] ?? m[2]);

describe('web features', () => {
  const files = sourceFiles(FEATURES);

  it('do not import each other (what two features share lives in components/ or hooks/)', () => {
    const crossings = files.flatMap((file) =>
      importsOf(file)
        .map((spec) => path.resolve(path.dirname(file), spec))
        .filter((target) => target.startsWith(FEATURES + path.sep) && featureOf(target) !== featureOf(file))
        .map((target) => `${path.relative(FEATURES, file)} -> ${path.relative(FEATURES, target)}`),
    );
    expect(crossings).toEqual([]);
  });

  it('fetch only in their api/ files: components call hooks', () => {
    const fetching = files
      .filter((file) => !path.relative(FEATURES, file).split(path.sep).includes('api'))
      .filter((file) => /\bhttp\.|\bfetch\(|\buse(Query|Mutation)\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(FEATURES, file));
    expect(fetching).toEqual([]);
  });

  it('keep their pages in components/ (no loose screen files beside api/ and components/)', () => {
    const loose = files
      .map((file) => path.relative(FEATURES, file).split(path.sep))
      .filter((parts) => parts.length === 2 && parts[1].endsWith('Page.tsx'))
      .map((parts) => parts.join('/'));
    expect(loose).toEqual([]);
  });
});
