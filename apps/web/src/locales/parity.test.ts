import { describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import { MESSAGES } from '@openseat/shared/messages';
import { ACTIONS, DEFAULT_ROLE_GRANTS, SUBJECTS } from '@openseat/shared/permissions';
import { MENU } from '../app/layout/menu';
import { en } from './en';
import { es } from './es';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a catalogue as `path -> text`. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const EN = leaves(en as unknown as Tree);
const ES = leaves(es as unknown as Tree);

describe('interface words: English and Spanish have the same keys', () => {
  it('every English key has a Spanish text, and no Spanish key is missing in English', () => {
    expect([...EN.keys()].filter((k) => !ES.has(k))).toEqual([]);
    expect([...ES.keys()].filter((k) => !EN.has(k))).toEqual([]);
  });

  it('every per-feature file gives each English section a Spanish one, and both reach the catalogue', () => {
    const files = import.meta.glob<Record<string, Tree>>(['./*.ts', '!./en.ts', '!./es.ts', '!./*.test.ts'], {
      eager: true,
    });
    const sections = Object.entries(files).flatMap(([file, exports]) =>
      Object.keys(exports)
        .filter((name) => name.endsWith('En'))
        .map((name) => ({ file, name, base: name.slice(0, -2), exports })),
    );
    expect(sections.length).toBeGreaterThan(0);
    const catalogued = new Set<unknown>(Object.values(en));
    for (const { file, name, base, exports } of sections) {
      const spanish = exports[`${base}Es`];
      expect(spanish, `${file}: ${base}Es`).toBeDefined();
      expect([...leaves(spanish).keys()], `${file}: ${base}`).toEqual([...leaves(exports[name]).keys()]);
      expect(catalogued.has(exports[name]), `${file}: ${name} is in en.ts`).toBe(true);
      expect((Object.values(es) as unknown[]).includes(spanish), `${file}: ${base}Es is in es.ts`).toBe(true);
    }
  });

  it('no text is empty, and both languages use the same {{placeholders}}', () => {
    expect([...EN, ...ES].filter(([, text]) => text.trim() === '').map(([k]) => k)).toEqual([]);
    const differing = [...EN].filter(([key, text]) => {
      const other = ES.get(key);
      return other !== undefined && placeholders(text).join() !== placeholders(other).join();
    });
    expect(differing.map(([k]) => k)).toEqual([]);
  });

  it('the shared validation and error messages have the same keys and placeholders in both languages', () => {
    const enKeys = Object.keys(MESSAGES.en).sort();
    expect(Object.keys(MESSAGES.es).sort()).toEqual(enKeys);
    const differing = enKeys.filter(
      (k) =>
        placeholders(MESSAGES.en[k as keyof typeof MESSAGES.en]).join() !==
        placeholders(MESSAGES.es[k as keyof typeof MESSAGES.es]).join(),
    );
    expect(differing).toEqual([]);
  });
});

describe('names that come from the permission model have labels in both languages', () => {
  it('every screen (subject) and action of the permissions-by-screen grid', () => {
    for (const subject of SUBJECTS) {
      expect(EN.has(`permissions.subjects.${subject}`), subject).toBe(true);
      expect(ES.has(`permissions.subjects.${subject}`), subject).toBe(true);
    }
    for (const action of ACTIONS) {
      expect(EN.has(`permissions.actions.${action}`), action).toBe(true);
      expect(ES.has(`permissions.actions.${action}`), action).toBe(true);
    }
  });

  it('every context and every seeded role, whose English wording is the seeded one', () => {
    for (const id of Object.values(CONTEXT_TYPE)) expect(ES.has(`contexts.${id}`), String(id)).toBe(true);
    for (const role of DEFAULT_ROLE_GRANTS) {
      expect(EN.get(`systemRoles.names.${role.name}`)).toBe(role.name);
      expect(EN.get(`systemRoles.descriptions.${role.name}`)).toBe(role.description);
      expect(ES.has(`systemRoles.names.${role.name}`), role.name).toBe(true);
    }
    expect(ES.has(`systemRoles.names.${SUPER_ADMIN_ROLE}`)).toBe(true);
  });

  it('every route section of the side menu has a breadcrumb label', () => {
    const sections = new Set(MENU.flatMap((item) => item.to.split('/').filter((s) => s && s !== 'main')));
    for (const section of sections) {
      expect(EN.has(`breadcrumbs.${section}`), section).toBe(true);
      expect(ES.has(`breadcrumbs.${section}`), section).toBe(true);
    }
  });
});
