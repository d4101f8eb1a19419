import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { holdsSeat, isWaiting } from '@openseat/shared/application-status';
import { STATUS, type StatusId } from '@openseat/shared/constants';
import type { ImportField, MappedImportRow } from '@openseat/shared/import-fields';
import type { MessageKey } from '@openseat/shared/messages';
import { ApplicationCreateSchema } from '@openseat/shared/schemas/applications';
import { FAMILY_LANGUAGES } from '@openseat/shared/schemas/family';
import type { ImportValueMaps } from '@openseat/shared/schemas/import-files';
import type { ImportProblem } from '@openseat/shared/schemas/imports';
import { optionalDate, optionalText, wholeNumber } from '@openseat/shared/schemas/rules';
import { STATUS_IDS } from '@openseat/shared/application-status';
import { DEFAULT_PHONE_COUNTRY } from './duplicates';

/*
 * One row of a file, checked as the API checks an intake: the applicant and guardian through the shared
 * ApplicationCreateSchema (same rules, same message keys), the mapped campus, grade and status against the school's
 * own, the numbers as positive whole numbers. A problem names the row, our field and the message key.
 */

/** A campus of the import as the checks need it: its period in the school year, offered grades and seats left. */
export type CampusPeriod = {
  id_campus: number;
  id_campus_year: number | null;
  finalized: boolean;
  /** Grades the campus offers (activated campus grades). */
  grades: Set<number>;
  /** Seats left per grade of the period (spots - taken); a grade without a seat row has none. */
  seatsLeft: Map<number, number>;
  /** The campus's tags by name (trimmed, lower case). */
  tags: Map<string, number>;
};

export type CheckContext = {
  /** Their words (trimmed, lower case) to our ids, per kind of value. */
  maps: Record<keyof ImportValueMaps, Map<string, number>>;
  /** The priority items of the catalog. */
  priorityItems: Set<number>;
  /** The campus of rows without a campus value. */
  defaultCampus: number | null;
  /** The campuses in the caller's scope that the maps or the default name, with their periods. */
  campuses: Map<number, CampusPeriod>;
};

/** The applicant and guardian columns an import writes (the applicant table's names). */
export type ImportedApplicant = {
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  address: string | null;
  gender: string | null;
  guardianName: string;
  guardianEmail: string | null;
  guardianPhoneNumber: string | null;
  guardianLanguage: string;
};

/** A row that passed every check: what the commit writes. */
export type CheckedRow = {
  rowNumber: number;
  id_campus: number;
  id_campus_year: number;
  id_grade: number | null;
  id_status: StatusId;
  id_priority_item: number | null;
  /** Tags of the row's campus, named in the file. */
  tagIds: number[];
  applicant: ImportedApplicant;
  sibling_priority: boolean;
  lottery_number: number | null;
  /** The waiting-list position the file gives (its order; the commit numbers each list densely). */
  position: number | null;
  /** When the application came in (YYYY-MM-DD), or null: now. */
  applicationDate: string | null;
  note: string | null;
};

export const mapKey = (value: string) => value.trim().toLowerCase();

export function mapsOf(maps: ImportValueMaps): CheckContext['maps'] {
  const of = (m: Record<string, number>) => new Map(Object.entries(m).map(([k, v]) => [mapKey(k), v]));
  return { grade: of(maps.grade), campus: of(maps.campus), status: of(maps.status), priority: of(maps.priority) };
}

const positive = wholeNumber(1, Number.MAX_SAFE_INTEGER, {
  required: 'required',
  notNumber: 'importPositiveInteger',
  notWhole: 'importPositiveInteger',
  tooSmall: 'importPositiveInteger',
});
const applicationDate = optionalDate();
const note = optionalText(5000);
const IntakeSchema = ApplicationCreateSchema.pick({ applicant: true, guardian: true, sibling_priority: true });

/** Where an intake schema's issue lands in the file: the field its path comes from. */
function fieldOf(path: PropertyKey[], fullName: boolean): ImportField {
  const [part, field] = path.map(String);
  if (part === 'sibling_priority') return 'siblingPriority';
  if (part === 'guardian')
    return (
      ({ name: 'guardianName', email: 'guardianEmail', phoneNumber: 'guardianPhone', language: 'guardianLanguage' }[
        field
      ] as ImportField | undefined) ?? 'guardianName'
    );
  if (field === 'firstName') return fullName ? 'studentFullName' : 'studentFirstName';
  if (field === 'lastName') return fullName ? 'studentFullName' : 'studentLastName';
  return (
    ({ dateOfBirth: 'studentDateOfBirth', gender: 'studentGender', address: 'studentAddress' }[field] as
      ImportField | undefined) ?? 'studentFirstName'
  );
}

/** 5/1/2019 or 05-01-2019 (month first, as an American file writes it) as 2019-05-01; anything else as given. */
export function isoDate(value: string | undefined): string | undefined {
  const m = value?.trim().match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/);
  if (!m) return value?.trim();
  return `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
}

/** A phone number libphonenumber-js reads (American without a country) in E.164; anything else as given. */
export function e164(value: string | undefined): string | undefined {
  if (!value?.trim()) return value;
  const parsed = parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : value.trim();
}

const LANGUAGE_NAMES: Record<string, string> = {
  english: 'en',
  spanish: 'es',
  español: 'es',
  espanol: 'es',
  vietnamese: 'vi',
  chinese: 'zh',
  'haitian creole': 'ht',
  creole: 'ht',
  arabic: 'ar',
};

function language(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const v = value.trim().toLowerCase();
  return (FAMILY_LANGUAGES as readonly string[]).includes(v) ? v : (LANGUAGE_NAMES[v] ?? value);
}

const YES = new Set(['yes', 'y', 'true', '1', 'si', 'sí', 'x']);
const NO = new Set(['no', 'n', 'false', '0', '']);
const flag = (value: string | undefined) => {
  const v = value?.trim().toLowerCase() ?? '';
  return YES.has(v) ? 'true' : NO.has(v) ? 'false' : value;
};

/** "Ana María López" -> Ana María / López (the last word is the family name). */
function splitFullName(full: string | undefined): [string, string] {
  const words = full?.trim().split(/\s+/) ?? [];
  if (words.length < 2) return [words[0] ?? '', ''];
  return [words.slice(0, -1).join(' '), words[words.length - 1]];
}

/** Checks one row: the checked row, or its problems (several per row when several columns are wrong). */
export function checkRow(
  row: MappedImportRow,
  context: CheckContext,
): { ok: CheckedRow; problems: [] } | { ok: null; problems: ImportProblem[] } {
  const v = row.values;
  const problems: ImportProblem[] = [];
  const problem = (column: ImportField, message: MessageKey) =>
    problems.push({ rowNumber: row.rowNumber, column, message });

  // the campus, its period in the school year
  let campus: CampusPeriod | undefined;
  const campusText = v.campus?.trim();
  if (campusText) {
    const id = context.maps.campus.get(mapKey(campusText));
    if (id === undefined) problem('campus', 'importUnknownValue');
    else if (!(campus = context.campuses.get(id))) problem('campus', 'importCampusOutOfScope');
  } else if (context.defaultCampus === null) problem('campus', 'required');
  else campus = context.campuses.get(context.defaultCampus);
  if (campus && campus.id_campus_year === null) problem('campus', 'importNoPeriod');
  else if (campus?.finalized) problem('campus', 'periodFinalized');

  // the status (a lead when the file has none)
  let id_status: StatusId = STATUS.LEAD;
  const statusText = v.status?.trim();
  if (statusText) {
    const id = context.maps.status.get(mapKey(statusText));
    if (id === undefined) problem('status', 'importUnknownValue');
    else if (!(STATUS_IDS as number[]).includes(id)) problem('status', 'invalidValue');
    else id_status = id as StatusId;
  }

  // the grade, offered by the campus
  let id_grade: number | null = null;
  const gradeText = v.grade?.trim();
  if (gradeText) {
    const id = context.maps.grade.get(mapKey(gradeText));
    if (id === undefined) problem('grade', 'importUnknownValue');
    else if (campus && !campus.grades.has(id)) problem('grade', 'unknownGrade');
    else id_grade = id;
  } else if (holdsSeat(id_status) || isWaiting(id_status)) problem('grade', 'gradeRequiredForSeat');

  // the priority item, from the catalog
  let id_priority_item: number | null = null;
  const priorityText = v.priority?.trim();
  if (priorityText) {
    const id = context.maps.priority.get(mapKey(priorityText));
    if (id === undefined) problem('priority', 'importUnknownValue');
    else if (!context.priorityItems.has(id)) problem('priority', 'invalidValue');
    else id_priority_item = id;
  }

  // tags: the campus's own, by name, several in one cell
  const tagIds: number[] = [];
  const tagNames = (v.tags ?? '')
    .split(/[,;]/)
    .map(mapKey)
    .filter((name) => name !== '');
  for (const name of new Set(tagNames)) {
    const id = campus?.tags.get(name);
    if (id === undefined) {
      if (campus) problem('tags', 'importUnknownValue');
      break;
    }
    tagIds.push(id);
  }

  // applicant and guardian: the API's intake schema
  const fullName = !v.studentFirstName?.trim() && !v.studentLastName?.trim() && Boolean(v.studentFullName?.trim());
  const [first, last] = fullName ? splitFullName(v.studentFullName) : [v.studentFirstName, v.studentLastName];
  const parsed = IntakeSchema.safeParse({
    applicant: {
      firstName: first ?? '',
      lastName: last ?? '',
      dateOfBirth: isoDate(v.studentDateOfBirth),
      gender: v.studentGender,
      address: v.studentAddress,
    },
    guardian: {
      name: v.guardianName ?? '',
      email: v.guardianEmail,
      phoneNumber: e164(v.guardianPhone),
      language: language(v.guardianLanguage),
    },
    sibling_priority: flag(v.siblingPriority),
  });
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = fieldOf(issue.path, fullName);
      if (seen.has(column)) continue;
      seen.add(column);
      problem(column, issue.message as MessageKey);
    }
  }

  const date = applicationDate.safeParse(isoDate(v.applicationDate));
  if (!date.success) problem('applicationDate', date.error.issues[0].message as MessageKey);

  const number = (field: ImportField) => {
    const text = v[field]?.trim();
    if (!text) return null;
    const n = positive.safeParse(text);
    if (n.success) return n.data;
    problem(field, n.error.issues[0].message as MessageKey);
    return null;
  };
  const lottery_number = number('lotteryNumber');
  const position = number('waitingListPosition');
  if (position !== null && !isWaiting(id_status)) problem('waitingListPosition', 'importPositionNotWaiting');

  const notes = note.safeParse(v.notes);
  if (!notes.success) problem('notes', notes.error.issues[0].message as MessageKey);

  if (problems.length || !parsed.success || !campus || campus.id_campus_year === null || !notes.success)
    return { ok: null, problems };
  const { applicant, guardian, sibling_priority } = parsed.data;
  return {
    ok: {
      rowNumber: row.rowNumber,
      id_campus: campus.id_campus,
      id_campus_year: campus.id_campus_year,
      id_grade,
      id_status,
      id_priority_item,
      tagIds,
      applicant: {
        firstName: applicant.firstName,
        lastName: applicant.lastName,
        dateOfBirth: applicant.dateOfBirth,
        address: applicant.address,
        gender: applicant.gender,
        guardianName: guardian.name,
        guardianEmail: guardian.email,
        guardianPhoneNumber: guardian.phoneNumber,
        guardianLanguage: guardian.language ?? 'en',
      },
      sibling_priority,
      lottery_number,
      position,
      applicationDate: date.success ? date.data : null,
      note: notes.data,
    },
    problems: [],
  };
}
