import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contract from '@openseat/shared/schemas/family';
import * as registration from '@openseat/shared/schemas/registration';
import {
  DOCUMENT_MIME,
  FAMILY_LANGUAGES,
  FAMILY_LINK_MINUTES,
  FAMILY_STAGES,
  FAMILY_STEPS,
  RTL_LANGUAGES,
} from './constants';

/** Shared code the portal runs as it is (the form rules): it must itself import nothing but these and types. */
const DEPENDENCY_FREE = [
  '@openseat/shared/registration-rules',
  '@openseat/shared/storable-text',
  '@openseat/shared/zoned-time',
];
const IMPORT = /^import (type )?[^'"]*?['"]([^'"]+)['"]/gms;

describe('the portal beside its contract', () => {
  it('repeats the contract constants with the same values', () => {
    expect(FAMILY_LANGUAGES).toEqual(contract.FAMILY_LANGUAGES);
    expect(RTL_LANGUAGES).toEqual(contract.RTL_LANGUAGES);
    expect(FAMILY_STEPS).toEqual(contract.FAMILY_STEPS);
    expect(FAMILY_STAGES).toEqual(contract.FAMILY_STAGES);
    expect(FAMILY_LINK_MINUTES).toBe(contract.FAMILY_LINK_MINUTES);
    expect(DOCUMENT_MIME).toEqual(registration.DOCUMENT_MIME);
  });

  it('imports only React, its own files, and types of the contract (no MUI, zod, i18next or staff code)', () => {
    const folder = import.meta.dirname;
    const files = fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    const wrong: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(path.join(folder, file), 'utf8');
      for (const [statement, typeOnly, from] of source.matchAll(IMPORT)) {
        const inside = from.startsWith('.') && path.resolve(folder, path.dirname(file), from).startsWith(folder);
        const allowed =
          inside ||
          from === 'react' ||
          from === 'react-dom/client' ||
          DEPENDENCY_FREE.includes(from) ||
          (from.startsWith('@openseat/shared/') && typeOnly !== undefined);
        if (!allowed) wrong.push(`${file}: ${statement.split('\n')[0]}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('runs shared code that itself brings no library (no zod) into the portal', () => {
    const shared = path.resolve(import.meta.dirname, '../../../../packages/shared/src');
    for (const module of DEPENDENCY_FREE) {
      const source = fs.readFileSync(path.join(shared, `${module.replace('@openseat/shared/', '')}.ts`), 'utf8');
      const values = [...source.matchAll(IMPORT)]
        .filter(([, typeOnly]) => typeOnly === undefined)
        .map(([, , from]) => from);
      expect(
        values.every((from) => DEPENDENCY_FREE.includes(from.replace(/^\.\//, '@openseat/shared/'))),
        module,
      ).toBe(true);
    }
  });
});
