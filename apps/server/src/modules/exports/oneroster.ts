import { createHash } from 'node:crypto';
import { csvLine } from '../../lib/csv';
import type { ExportRow } from './export-row';

/*
 * The OneRoster 1.2 CSV bundle of a campus period's students (docs/oneroster.md). Column names and order are the
 * 1EdTech OneRoster v1.2 CSV binding's; the sources are cited in docs/oneroster.md. One user per student (role
 * student, in roles.csv: 1.2 moved roles out of users.csv), enrolled in one homeroom class per grade of the period, with
 * the course and the school-year session that class needs; the school is the district org, the campus the school org.
 */

export const ONEROSTER_COLUMNS = {
  'academicSessions.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'type',
    'startDate',
    'endDate',
    'parentSourcedId',
    'schoolYear',
  ],
  'orgs.csv': ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
  'courses.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'schoolYearSourcedId',
    'title',
    'courseCode',
    'grades',
    'orgSourcedId',
    'subjects',
    'subjectCodes',
  ],
  'classes.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'grades',
    'courseSourcedId',
    'classCode',
    'classType',
    'location',
    'schoolSourcedId',
    'termSourcedIds',
    'subjects',
    'subjectCodes',
    'periods',
  ],
  'users.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'enabledUser',
    'username',
    'userIds',
    'givenName',
    'familyName',
    'middleName',
    'identifier',
    'email',
    'sms',
    'phone',
    'agentSourcedIds',
    'grades',
    'password',
    'userMasterIdentifier',
    'resourceSourcedIds',
    'preferredGivenName',
    'preferredMiddleName',
    'preferredFamilyName',
    'primaryOrgSourcedId',
    'pronouns',
  ],
  'roles.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'userSourcedId',
    'roleType',
    'role',
    'beginDate',
    'endDate',
    'orgSourcedId',
    'userProfileSourcedId',
  ],
  'enrollments.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'classSourcedId',
    'schoolSourcedId',
    'userSourcedId',
    'role',
    'primary',
    'beginDate',
    'endDate',
  ],
  'demographics.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'birthDate',
    'sex',
    'americanIndianOrAlaskaNative',
    'asian',
    'blackOrAfricanAmerican',
    'nativeHawaiianOrOtherPacificIslander',
    'white',
    'demographicRaceTwoOrMoreRaces',
    'hispanicOrLatinoEthnicity',
    'countryOfBirthCode',
    'stateOfBirthAbbreviation',
    'cityOfBirth',
    'publicSchoolResidenceStatus',
  ],
} as const;
type OneRosterFile = keyof typeof ONEROSTER_COLUMNS;

/** Every file a 1.2 manifest names, in the binding's order; the bundle's own files are `bulk` or `delta`, the rest `absent`. */
const MANIFEST_FILES = [
  'academicSessions',
  'categories',
  'classes',
  'classResources',
  'courses',
  'courseResources',
  'demographics',
  'enrollments',
  'lineItemLearningObjectiveIds',
  'lineItems',
  'lineItemScoreScales',
  'orgs',
  'resources',
  'resultLearningObjectiveIds',
  'results',
  'resultScoreScales',
  'roles',
  'scoreScales',
  'userProfiles',
  'userResources',
  'users',
];

/** A fixed namespace for OpenSeat's sourcedIds (UUID version 5, RFC 9562): the same record, the same id, every export. */
const NAMESPACE = Buffer.from('8d3c2f4e5a6b4c7d9e0f1a2b3c4d5e6f', 'hex');

/** The sourcedId of one of our records (`kind`, its ids): a name-based UUID, stable across exports and installations' resends. */
export function sourcedId(kind: string, ...ids: Array<number | string>): string {
  const hash = createHash('sha1')
    .update(NAMESPACE)
    .update(`openseat:${kind}:${ids.join(':')}`)
    .digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Our grade catalog (1 PK, 2 K, 3 = 1st ... 14 = 12th) as CEDS Entry Grade Level codes, which OneRoster uses. */
export function cedsGrade(id_grade: number | null): string | null {
  if (id_grade === 1) return 'PK';
  if (id_grade === 2) return 'KG';
  if (id_grade !== null && id_grade >= 3 && id_grade <= 14) return String(id_grade - 2).padStart(2, '0');
  return null;
}

function sex(gender: string | null): 'male' | 'female' | null {
  const g = gender?.trim().toLowerCase() ?? '';
  if (['m', 'male', 'boy', 'masculino', 'hombre', 'niño', 'nino'].includes(g)) return 'male';
  if (['f', 'female', 'girl', 'femenino', 'mujer', 'niña', 'nina'].includes(g)) return 'female';
  return null;
}

const yesNo = (v: string | null) => (v === 'yes' ? 'true' : v === 'no' ? 'false' : null);

/**
 * `bulk`: the whole set of the period (status and dateLastModified empty, as the binding asks of bulk files);
 * `delta`: only some students (each record `active` with the moment of the export), so a receiver adds them and keeps
 * the students it already has.
 */
export type OneRosterMode = 'bulk' | 'delta';

/** Collects the bundle's records from the export rows (each row read once, as it passes), then writes the files. */
export class OneRosterBundle {
  private readonly files = new Map<OneRosterFile, Map<string, unknown[]>>(
    (Object.keys(ONEROSTER_COLUMNS) as OneRosterFile[]).map((f) => [f, new Map()]),
  );

  constructor(
    private readonly mode: OneRosterMode,
    private readonly now: Date,
  ) {}

  /** The first two cells of every record: status and dateLastModified, by mode. */
  private get meta(): [string | null, string | null] {
    return this.mode === 'bulk' ? [null, null] : ['active', this.now.toISOString()];
  }

  private put(file: OneRosterFile, id: string, rest: unknown[]) {
    const records = this.files.get(file)!;
    if (!records.has(id)) records.set(id, [id, ...this.meta, ...rest]);
  }

  add(r: ExportRow) {
    const district = sourcedId('school', r.id_school);
    const school = sourcedId('campus', r.id_campus);
    const period = r.id_campus_year ?? 0;
    const session = sourcedId('period', period);
    const grade = cedsGrade(r.id_grade);
    const course = sourcedId('course', period, r.id_grade ?? 0);
    const klass = sourcedId('homeroom', period, r.id_grade ?? 0);
    const user = sourcedId('student', r.id_school, r.id_applicant);
    const begin = r.firstDayOfSchool ?? (r.yearOne ? `${r.yearOne}-07-01` : null);
    const end = r.yearTwo ? `${r.yearTwo}-06-30` : null;
    const gradeTitle = r.gradeName ?? '';

    this.put('orgs.csv', district, [r.schoolName, 'district', null, null]);
    this.put('orgs.csv', school, [r.campusName, 'school', r.sisSchoolNumber, district]);
    this.put('academicSessions.csv', session, [
      `${r.campusName} ${r.schoolYearName}`,
      'schoolYear',
      begin,
      end,
      null,
      r.yearTwo || null,
    ]);
    this.put('courses.csv', course, [
      session,
      `${gradeTitle} ${r.schoolYearName}`.trim(),
      null,
      grade,
      school,
      null,
      null,
    ]);
    this.put('classes.csv', klass, [
      `${gradeTitle} homeroom ${r.schoolYearName}`.trim(),
      grade,
      course,
      null,
      'homeroom',
      null,
      school,
      session,
      null,
      null,
      null,
    ]);
    const identifier = String(r.correlative);
    this.put('users.csv', user, [
      'true',
      identifier,
      null,
      r.firstName,
      r.lastName,
      r.sis('middle_name'),
      identifier,
      r.email,
      null,
      null,
      null,
      grade,
      null,
      null,
      null,
      null,
      null,
      null,
      school,
      null,
    ]);
    this.put('roles.csv', sourcedId('role', r.id_school, r.id_applicant, r.id_campus), [
      user,
      'primary',
      'student',
      begin,
      end,
      school,
      null,
    ]);
    this.put('enrollments.csv', sourcedId('enrollment', r.id_application), [
      klass,
      school,
      user,
      'student',
      'false',
      begin,
      end,
    ]);
    // a demographics record is its user's: the same sourcedId
    this.put('demographics.csv', user, [
      r.birthDate,
      sex(r.studentGender),
      null,
      null,
      null,
      null,
      null,
      null,
      yesNo(r.sis('hispanic_or_latino')),
      null,
      null,
      null,
      null,
    ]);
  }

  /** The files of the bundle, manifest first, each a CSV text (UTF-8, no byte-order mark). */
  entries(): Array<{ name: string; data: string }> {
    const present = new Set([...this.files.keys()].map((f) => f.replace(/\.csv$/, '')));
    let manifest = csvLine(['propertyName', 'value']);
    manifest += csvLine(['manifest.version', '1.0']);
    manifest += csvLine(['oneroster.version', '1.2']);
    for (const name of MANIFEST_FILES) manifest += csvLine([`file.${name}`, present.has(name) ? this.mode : 'absent']);
    manifest += csvLine(['source.systemName', 'OpenSeat']);
    manifest += csvLine(['source.systemCode', 'OpenSeat']);
    const files = [...this.files.entries()].map(([name, records]) => {
      let text = csvLine(ONEROSTER_COLUMNS[name]);
      for (const record of records.values()) text += csvLine(record);
      return { name, data: text };
    });
    return [{ name: 'manifest.csv', data: manifest }, ...files];
  }
}
