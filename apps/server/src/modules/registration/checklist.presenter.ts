import type { RegistrationItem, RegistrationItemInput } from '@openseat/shared/schemas/registration';
import { sha256 } from '../../lib/crypto';
import type { ItemRow, NewItem } from './checklist.repository';

/** What an item asks beyond its kind: a document's types and size, a form's fields, an agreement's text. */
function settingsOf(input: RegistrationItemInput): Record<string, unknown> {
  switch (input.kind) {
    case 'document':
      return input.document;
    case 'form':
      return input.form;
    case 'agreement':
      return input.agreement;
    case 'deposit':
      return {};
  }
}

/** JSON with its keys sorted and empty values left out: the same item always reads the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The row an item as staff wrote it becomes (its version: the SHA-256 of what it asks). */
export function rowOf(
  input: RegistrationItemInput,
  where: { id_school: number; id_campus_year: number; position: number; replaces: number | null },
): NewItem {
  const asked = {
    kind: input.kind,
    required: input.required,
    labels: input.labels,
    help: input.help,
    settings: settingsOf(input),
  };
  return { ...where, ...asked, version: sha256(canonical(asked)) };
}

/** A saved row as the staff screen and the portal read it. */
export function presentItem(row: ItemRow): RegistrationItem {
  const item: RegistrationItem = {
    id_registration_item: row.id_registration_item,
    version: row.version,
    kind: row.kind as RegistrationItem['kind'],
    required: row.required,
    labels: row.labels,
    help: row.help ?? null,
  };
  return row.kind === 'deposit' ? item : { ...item, [row.kind]: row.settings };
}

/** A saved item again as input: what a copy to another period writes. */
export function inputOf(row: ItemRow): RegistrationItemInput {
  const { id_registration_item: _id, version: _version, ...input } = presentItem(row);
  return input as RegistrationItemInput;
}
