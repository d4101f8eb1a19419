import type { ImportField, MappedImportRow } from '@openseat/shared/import-fields';
import type { ImportMapping, ImportValueKind } from '@openseat/shared/schemas/import-files';
import { JOINED_FIELDS, normalizeLabel } from './column-guess';
import type { RawRow } from './import-file.types';
import { dateText, excelSerialDate } from './xlsx.reader';

/*
 * A read row turned into OpenSeat's fields by a mapping: each mapped column's cell under its field (several columns of
 * a joined field, such as a guardian's first and last name, joined), their grade, status, campus and priority values resolved to
 * ours by the value maps, an Excel serial number in a date column (a CSV saved from Excel) written as a date, and a
 * whole name split into first and last when the file has no such columns.
 */

/** Our names of the school's grades, statuses, campuses and priority items by id, to write a resolved value as ours. */
export type ValueNames = Partial<Record<ImportValueKind, Map<number, string>>>;

const DATE_FIELDS = new Set<ImportField>(['studentDateOfBirth', 'applicationDate']);
/** A bare Excel serial day number between 1954-10-04 and 2119-01-09: no other reading of such a date cell is likely. */
const EXCEL_SERIAL = /^\d{5}(\.\d+)?$/;
const SERIAL_MIN = 20_000;
const SERIAL_MAX = 80_000;

const VALUE_FIELD: Partial<Record<ImportField, ImportValueKind>> = {
  grade: 'grade',
  status: 'status',
  campus: 'campus',
  priority: 'priority',
};
const RESOLVED_KEY = {
  grade: 'id_grade',
  status: 'id_status',
  campus: 'id_campus',
  priority: 'id_priority_item',
} as const;

export type CompiledMapping = {
  /** Each mapped column's index and field, in column order. */
  columns: Array<{ index: number; field: ImportField }>;
  /** Their values by their normalized label to our id, per kind. */
  values: Record<ImportValueKind, Map<string, number>>;
  names: ValueNames;
};

/** The mapping against the file's headers: a header found by its exact text, else by its label without case or accents. */
export function compileMapping(headers: string[], mapping: ImportMapping, names: ValueNames = {}): CompiledMapping {
  const byLabel = new Map<string, ImportField>();
  for (const [header, field] of Object.entries(mapping.columns))
    if (!byLabel.has(normalizeLabel(header))) byLabel.set(normalizeLabel(header), field);
  const used = new Set<string>();
  const columns: CompiledMapping['columns'] = [];
  headers.forEach((header, index) => {
    // a header repeated in the file maps its first column only
    if (used.has(header)) return;
    used.add(header);
    const field = Object.hasOwn(mapping.columns, header)
      ? mapping.columns[header]
      : byLabel.get(normalizeLabel(header));
    if (field) columns.push({ index, field });
  });
  const valueMap = (entries: Record<string, number>) =>
    new Map(Object.entries(entries).map(([text, id]) => [normalizeLabel(text), id]));
  return {
    columns,
    values: {
      grade: valueMap(mapping.values.grade),
      status: valueMap(mapping.values.status),
      campus: valueMap(mapping.values.campus),
      priority: valueMap(mapping.values.priority),
    },
    names,
  };
}

const dateValue = (value: string) => {
  if (!EXCEL_SERIAL.test(value)) return value;
  const serial = Number(value);
  return serial >= SERIAL_MIN && serial <= SERIAL_MAX ? dateText(excelSerialDate(serial)) : value;
};

/** A whole name at its last space: "Ana María López" is "Ana María" and "López". */
function splitName(full: string): { first: string; last: string } | null {
  const at = full.lastIndexOf(' ');
  return at > 0 ? { first: full.slice(0, at).trim(), last: full.slice(at + 1).trim() } : null;
}

/** One row by a compiled mapping: cells of unmapped columns are left out, empty cells give no value. */
export function applyCompiled(row: RawRow, compiled: CompiledMapping): MappedImportRow {
  const values: MappedImportRow['values'] = {};
  for (const { index, field } of compiled.columns) {
    const cell = (row.cells[index] ?? '').trim();
    if (!cell) continue;
    const joiner = JOINED_FIELDS[field];
    if (values[field] === undefined) values[field] = cell;
    else if (joiner !== undefined) values[field] = `${values[field]}${joiner}${cell}`;
  }
  for (const field of DATE_FIELDS) if (values[field]) values[field] = dateValue(values[field]);
  if (values.studentFullName && !values.studentFirstName && !values.studentLastName) {
    const parts = splitName(values.studentFullName);
    if (parts) {
      values.studentFirstName = parts.first;
      values.studentLastName = parts.last;
    }
  }
  const mapped: MappedImportRow = { rowNumber: row.rowNumber, values };
  for (const [field, kind] of Object.entries(VALUE_FIELD) as Array<[ImportField, ImportValueKind]>) {
    const text = values[field];
    if (!text) continue;
    const id = compiled.values[kind].get(normalizeLabel(text));
    if (id === undefined) continue;
    mapped.resolved = { ...mapped.resolved, [RESOLVED_KEY[kind]]: id };
    const ours = compiled.names[kind]?.get(id);
    if (ours !== undefined) values[field] = ours;
  }
  return mapped;
}

/** `applyMapping(cells, headers, mapping)` for one row; a whole file goes through `mapRows` (compiled once). */
export const applyMapping = (row: RawRow, headers: string[], mapping: ImportMapping, names?: ValueNames) =>
  applyCompiled(row, compileMapping(headers, mapping, names));

/** The file's rows as OpenSeat rows, one at a time (the file is read as they are asked for). */
export async function* mapRows(
  rows: AsyncIterable<RawRow>,
  headers: string[],
  mapping: ImportMapping,
  names?: ValueNames,
): AsyncGenerator<MappedImportRow> {
  const compiled = compileMapping(headers, mapping, names);
  for await (const row of rows) yield applyCompiled(row, compiled);
}
