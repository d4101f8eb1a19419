import type { ImportField } from '@openseat/shared/import-fields';
import type { ImportMapping, ImportPreset } from '@openseat/shared/schemas/import-files';
import { guessColumns, normalizeLabel } from './column-guess';

/*
 * Mappings shipped for the exports schools most often bring: SchoolMint's Application Index CSV, PowerSchool
 * Enrollment's submission export and a Google Forms responses sheet. docs/import-formats.md lists each column with
 * its source, and says which lists are inferred rather than published by the vendor.
 */

export const IMPORT_PRESETS: ImportPreset[] = [
  {
    key: 'schoolmint',
    name: 'SchoolMint (Application Index export)',
    columns: {
      first_name: 'studentFirstName',
      last_name: 'studentLastName',
      birth_date: 'studentDateOfBirth',
      gender: 'studentGender',
      email: 'guardianEmail',
      guardian_first_name: 'guardianName',
      guardian_last_name: 'guardianName',
      phone_number: 'guardianPhone',
      street1: 'studentAddress',
      street2: 'studentAddress',
      city: 'studentAddress',
      state: 'studentAddress',
      zipcode: 'studentAddress',
      submission_date: 'applicationDate',
      status: 'status',
      waitlist_number: 'waitingListPosition',
      grade_name: 'grade',
      school_name: 'campus',
      priorities: 'priority',
      preferred_language: 'guardianLanguage',
    },
  },
  {
    key: 'powerschool-enrollment',
    name: 'PowerSchool Enrollment (submission export)',
    columns: {
      First_Name: 'studentFirstName',
      Last_Name: 'studentLastName',
      DOB: 'studentDateOfBirth',
      Gender: 'studentGender',
      Street: 'studentAddress',
      City: 'studentAddress',
      State: 'studentAddress',
      Zip: 'studentAddress',
      Sched_NextYearGrade: 'grade',
      Next_School: 'campus',
      Mother: 'guardianName',
      Mother_Email: 'guardianEmail',
      Home_Phone: 'guardianPhone',
      Submission_Status: 'status',
      Submitted_Date: 'applicationDate',
      Lottery_Number: 'lotteryNumber',
      Waitlist_Position: 'waitingListPosition',
      Tags: 'tags',
    },
  },
  {
    key: 'google-forms',
    name: 'Google Forms (responses sheet)',
    columns: {
      Timestamp: 'applicationDate',
      'Marca temporal': 'applicationDate',
      'Email Address': 'guardianEmail',
      'Dirección de correo electrónico': 'guardianEmail',
    },
  },
];

/** How many of a preset's columns a file must have to be taken for that system's export (Google Forms': its first). */
const MATCH_SHARE = 0.5;

/**
 * The preset whose columns the headers carry most (at least half of them; a Google Forms sheet by its "Timestamp" or
 * "Marca temporal" first column), or null.
 */
export function detectPreset(headers: string[]): ImportPreset | null {
  const labels = new Set(headers.map(normalizeLabel));
  let best: { preset: ImportPreset; share: number } | null = null;
  for (const preset of IMPORT_PRESETS) {
    const names = Object.keys(preset.columns).map(normalizeLabel);
    const share = names.filter((n) => labels.has(n)).length / names.length;
    if (share >= MATCH_SHARE && (!best || share > best.share)) best = { preset, share };
  }
  if (best) return best.preset;
  const first = normalizeLabel(headers[0] ?? '');
  return first === 'timestamp' || first === 'marca temporal' ? IMPORT_PRESETS[2] : null;
}

/**
 * The mapping the upload screen starts from: the detected preset's columns, the rest guessed from their words
 * (a Google Forms sheet's question titles are the school's own).
 */
export function guessMapping(headers: string[]): { mapping: ImportMapping; preset: string | null } {
  const preset = detectPreset(headers);
  const guessed = guessColumns(headers);
  const columns: Record<string, ImportField> = {};
  const presetFields = new Map<string, ImportField>(
    Object.entries(preset?.columns ?? {}).map(([header, field]) => [normalizeLabel(header), field]),
  );
  const taken = new Set<ImportField>();
  for (const header of headers) {
    const field = presetFields.get(normalizeLabel(header));
    if (field) {
      columns[header] = field;
      taken.add(field);
    }
  }
  // a guess never takes a field the preset gave to another column
  for (const [header, field] of Object.entries(guessed))
    if (!(header in columns) && !taken.has(field) && !presetFields.has(normalizeLabel(header))) columns[header] = field;
  return {
    mapping: { columns, values: { grade: {}, status: {}, campus: {}, priority: {} } },
    preset: preset?.key ?? null,
  };
}
