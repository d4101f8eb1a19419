import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { STATUSES } from '@openseat/shared/constants';
import { isStorableText } from '@openseat/shared/schemas/rules';
import { IMPORT_MAX_BYTES, type MappedImportRow } from '@openseat/shared/import-fields';
import {
  IMPORT_PREVIEW_ROWS,
  type ImportFileKind,
  type ImportFilePreview,
  type ImportMapping,
} from '@openseat/shared/schemas/import-files';
import type { Db, Executor } from '../../../db/client';
import { AppError, badRequest, forbidden, notFound, payloadTooLarge } from '../../../lib/errors';
import { removeStoredFiles } from '../../../lib/form-upload';
import { newStoredFile, storedFilePath } from '../../../lib/uploads';
import { writeAudit } from '../../audit/audit.service';
import type { Principal } from '../../auth/auth.types';
import { mapRows, type ValueNames } from './apply-mapping';
import { importFileKind, readImportFile } from './import-file.reader';
import type { RawRow } from './import-file.types';
import * as repo from './import-read.repository';
import { guessMapping } from './presets';
import { suggestCampusMap, suggestGradeMap, suggestPriorityMap, suggestStatusMap } from './value-maps';

/*
 * The import's files (issue 27; docs/import-formats.md): an upload streamed to disk under DATA_DIR/files/imports (never
 * whole in memory), its kind read from its bytes, its header row and first rows read back for the mapping screen with
 * a guessed mapping; and, for the dry run and the commit (imports/apply), the whole file's rows through a mapping.
 */

const FOLDER = 'imports';

/**
 * Days an uploaded import file is kept (docs/privacy.md, "Retention"): long enough to map, check and commit it, then
 * it goes. A whole other system's export names every family in it; what was imported lives on in the applications.
 */
export const IMPORT_FILE_DAYS = 30;

/** Removes the import files older than IMPORT_FILE_DAYS at `now`: the rows, then the files once that has committed. */
export async function forgetOldImportFiles(db: Db, dataDir: string, now = new Date()): Promise<number> {
  const stored = await repo.deleteFilesBefore(db, new Date(now.getTime() - IMPORT_FILE_DAYS * 86_400_000));
  await removeStoredFiles(dataDir, stored);
  return stored.length;
}

/** The school an import works in: the caller's own, or the one a system user chose. */
export function schoolOf(caller: Principal): number {
  if (caller.id_school === null) throw forbidden('importNeedsSchool');
  return caller.id_school;
}

/** A campus user's files belong to its campus; a school user's to the whole school. */
function campusOf(caller: Principal): number | null {
  const campuses = caller.scope.campusIds;
  if (campuses === null) return null;
  if (caller.id_campus !== null && campuses.includes(caller.id_campus)) return caller.id_campus;
  if (campuses.length === 0) throw forbidden();
  return campuses[0];
}

const noFile = () => badRequest('importFileRequired', [{ path: 'file', message: 'importFileRequired' }]);

/** The file's name as the sender gave it, without a path (an old browser may send its whole path), or "import". */
function nameOf(filename: string | undefined): string {
  const name = (filename ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 255);
  return name && isStorableText(name) ? name : 'import';
}

/** The request's one file part streamed to `target` (a second is refused). 413 past IMPORT_MAX_BYTES. */
async function receiveFile(parts: AsyncIterable<MultipartFile | MultipartValue>, target: string) {
  let received: { originalName: string; size: number } | null = null;
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      let size = 0;
      part.file.on('data', (chunk: Buffer) => (size += chunk.length));
      await pipeline(part.file, createWriteStream(target, { mode: 0o600 }));
      if (part.file.truncated) throw payloadTooLarge('importFileTooLarge');
      received = { originalName: nameOf(part.filename), size };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
    // more than one file: the first is the import, a second is a mistake of the sender's
    if (code === 'FST_FILES_LIMIT') throw badRequest('invalidValue', [{ path: 'file', message: 'invalidValue' }]);
    if (statusCode === 413) throw payloadTooLarge('importFileTooLarge');
    throw badRequest('badRequest');
  }
  if (!received || received.size === 0) throw noFile();
  return received;
}

/** The school's grades, statuses, campuses and priority items as the value maps take them, and our name of each by id. */
async function valueOptions(db: Executor, caller: Principal, id_school: number) {
  const [{ catalog, labels }, campuses, priorities] = await Promise.all([
    repo.gradesOf(db, id_school),
    repo.campusesInScope(db, caller.scope, id_school),
    repo.priorityItems(db),
  ]);
  const grades = [...catalog, ...labels.map((l) => ({ id_grade: l.id_grade, name: l.label }))];
  const names: ValueNames = {
    grade: new Map(catalog.map((g) => [g.id_grade, g.name])),
    status: new Map(STATUSES.map((st) => [st.id_status, st.name])),
    campus: new Map(campuses.map((c) => [c.id_campus, c.name])),
    priority: new Map(priorities.map((p) => [p.id, p.name])),
  };
  return { grades, campuses, priorities, names };
}

type SheetPreview = Omit<ImportFilePreview, 'id_import_file' | 'originalName' | 'kind' | 'size' | 'createdAt'>;

/** A sheet's headers, first rows, guessed mapping and suggested value maps (over those rows). */
async function readPreview(
  db: Executor,
  caller: Principal,
  id_school: number,
  file: { absolute: string; kind: ImportFileKind },
  sheet?: string,
): Promise<SheetPreview> {
  const read = await readImportFile(file.absolute, { sheet, kind: file.kind });
  const rows: RawRow[] = [];
  try {
    for await (const row of read.rows) {
      rows.push(row);
      if (rows.length >= IMPORT_PREVIEW_ROWS) break;
    }
  } finally {
    await read.close();
  }
  const { mapping, preset } = guessMapping(read.headers);
  const { grades, campuses, priorities } = await valueOptions(db, caller, id_school);
  const valuesOf = (field: string) => {
    const columns = read.headers.flatMap((h, i) => (mapping.columns[h] === field ? [i] : []));
    return rows.flatMap((r) => columns.map((i) => r.cells[i] ?? ''));
  };
  const grade = suggestGradeMap(valuesOf('grade'), grades);
  const status = suggestStatusMap(valuesOf('status'), STATUSES);
  const campus = suggestCampusMap(valuesOf('campus'), campuses);
  const priority = suggestPriorityMap(valuesOf('priority'), priorities);
  return {
    ...(read.sheets ? { sheets: read.sheets, sheet: read.sheet } : {}),
    headerRowNumber: read.headerRowNumber,
    headers: read.headers,
    rows,
    mapping: {
      columns: mapping.columns,
      values: { grade: grade.map, status: status.map, campus: campus.map, priority: priority.map },
    },
    preset,
    unmapped: { grade: grade.unmapped, status: status.unmapped, campus: campus.unmapped, priority: priority.unmapped },
  };
}

const presentFile = (file: repo.ImportFileRecord, preview: SheetPreview): ImportFilePreview => ({
  id_import_file: file.id_import_file,
  originalName: file.originalName,
  kind: file.kind as ImportFileKind,
  size: file.size,
  createdAt: file.createdAt.toISOString(),
  ...preview,
});

/**
 * `POST /imports/files`: the file streamed to disk, checked (CSV or XLSX by its bytes, readable, within the limits),
 * recorded for the caller's school (and campus), and previewed. A refused file leaves nothing behind.
 */
export async function uploadImportFile(
  db: Db,
  dataDir: string,
  caller: Principal,
  parts: AsyncIterable<MultipartFile | MultipartValue> | null,
): Promise<ImportFilePreview> {
  const id_school = schoolOf(caller);
  const id_campus = campusOf(caller);
  if (!parts) throw noFile();
  const part = await newStoredFile(dataDir, FOLDER, 'upload');
  let stored: string | null = null;
  try {
    const received = await receiveFile(parts, part.absolute);
    if (received.size > IMPORT_MAX_BYTES) throw payloadTooLarge('importFileTooLarge');
    const kind = await importFileKind(part.absolute);
    stored = part.relative.replace(/\.upload$/, `.${kind}`);
    const absolute = storedFilePath(dataDir, stored);
    await fs.rename(part.absolute, absolute);
    // read before it is recorded: a file that cannot be previewed is refused whole
    const preview = await readPreview(db, caller, id_school, { absolute, kind });
    const file = await db.transaction(async (tx) => {
      const row = await repo.insertFile(tx, {
        id_school,
        id_campus,
        id_user: caller.id_user,
        storedPath: stored!,
        originalName: received.originalName,
        kind,
        size: received.size,
      });
      await writeAudit(tx, caller, {
        action: 'import.file.upload',
        entity: 'import_file',
        entityId: row.id_import_file,
        id_school,
        id_campus,
        changes: { kind, size: received.size },
      });
      return row;
    });
    return presentFile(file, preview);
  } catch (error) {
    await fs.rm(part.absolute, { force: true });
    if (stored) await fs.rm(storedFilePath(dataDir, stored), { force: true });
    throw error;
  }
}

/** The file within the caller's scope (another school's or campus's: 404). */
export async function requireImportFile(db: Executor, caller: Principal, id_import_file: number) {
  const file = await repo.findFile(db, caller.scope, schoolOf(caller), id_import_file);
  if (!file) throw notFound();
  return file;
}

/** `GET /imports/files/:id/preview?sheet=`: the headers, first rows and guessed mapping of a sheet. */
export async function previewImportFile(
  db: Db,
  dataDir: string,
  caller: Principal,
  id_import_file: number,
  sheet?: string,
): Promise<ImportFilePreview> {
  const file = await requireImportFile(db, caller, id_import_file);
  const absolute = storedFilePath(dataDir, file.storedPath);
  return presentFile(
    file,
    await readPreview(db, caller, file.id_school, { absolute, kind: file.kind as ImportFileKind }, sheet),
  );
}

/**
 * Every data row of an uploaded file through a mapping, read as they are asked for (the dry run and the commit take
 * them one at a time; memory stays flat). Values the mapping's value maps resolve carry our name and id. `close` stops
 * a reading left before its end.
 */
export async function readMappedRows(
  db: Executor,
  dataDir: string,
  caller: Principal,
  id_import_file: number,
  options: { sheet?: string; mapping: ImportMapping },
): Promise<{
  file: repo.ImportFileRecord;
  headers: string[];
  rows: AsyncIterable<MappedImportRow>;
  /** The school's own names of its grades, statuses and campuses (what a resolved value is written as). */
  names: ValueNames;
  close: () => Promise<void>;
}> {
  const file = await requireImportFile(db, caller, id_import_file);
  const { names } = await valueOptions(db, caller, file.id_school);
  const read = await readImportFile(storedFilePath(dataDir, file.storedPath), {
    sheet: options.sheet,
    kind: file.kind as ImportFileKind,
  });
  return {
    file,
    headers: read.headers,
    rows: mapRows(read.rows, read.headers, options.mapping, names),
    names,
    close: read.close,
  };
}
