import { STATUS, STATUSES, type StatusId } from '@openseat/shared/constants';
import { todayIso } from '@openseat/shared/enrollment-rules';
import { translate } from '@openseat/shared/messages';
import { PRODUCT_COLUMNS, SIS_EXPORT_STATUSES, type ExportFormat } from '@openseat/shared/schemas/application-records';
import type { ExportRow } from './export-row';

/**
 * The CSV formats of an application list (docs/api-application-records.md, "Exports"). Each format names its
 * columns and writes one row's cells. The student-information-system formats follow the vendors' documented
 * column names and code conventions (sources in docs/sis-export-formats.md).
 */
export type CsvFormat = {
  filename: string;
  columns: string[];
  cells: (row: ExportRow) => unknown[];
  /** The statuses a student-information system receives; the list's other applications are left out. */
  statuses?: readonly StatusId[];
  /** It writes approved registration answers (docs/registration.md, "Hand-off to the SIS"): the export reads them. */
  registration?: boolean;
};

type ProductColumn = (typeof PRODUCT_COLUMNS)[number];
type FormatOptions = { columns?: readonly ProductColumn[]; lng: 'en' | 'es' };

const statusName = (id: number) => STATUSES.find((st) => st.id_status === id)?.name ?? '';
const statusLabel = (id: number) => STATUSES.find((st) => st.id_status === id)?.label ?? '';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** YYYY-MM-DD -> MM/DD/YYYY (the spec's date format, and PowerSchool's). */
const usDate = (d: string | null) => (d ? `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}` : null);

/** A moment as MM/DD/YYYY on the school's calendar (the day's formatter is made once per time zone). */
const schoolDay = (moment: Date, timeZone: string | null) => usDate(todayIso(timeZone ?? 'UTC', moment));

/** Delimiters and line breaks inside values are stripped: the importers do not read escapes (PowerSchool). */
const flat = (v: string | null) => (v == null ? null : v.replace(/[\t\r\n]+/g, ' ').trim());

/**
 * A US number (+1 and ten digits, or ten digits) in the US national form, (602) 483-1227; any other number as stored
 * (E.164), which the CSV writer leaves as it is (a plain number). Why this form: docs/sis-export-formats.md, "Phones".
 */
function usPhone(phone: string | null) {
  const digits = phone?.replace(/\D/g, '') ?? '';
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10 || (phone?.trim().startsWith('+') && digits.length !== 11)) return flat(phone);
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** The address parts, or all empty: PowerSchool refuses a partial address block (Street, City, State, Zip). */
const wholeAddress = (r: ExportRow) =>
  r.hasWholeAddress ? [flat(r.street), flat(r.city), r.state, r.zip] : [null, null, null, null];

/** M or F (PowerSchool, Aspire) from what the form recorded; anything else is left empty for the school. */
function genderLetter(gender: string | null) {
  const g = gender?.trim().toLowerCase() ?? '';
  if (['m', 'male', 'boy', 'masculino', 'hombre', 'niño', 'nino'].includes(g)) return 'M';
  if (['f', 'female', 'girl', 'femenino', 'mujer', 'niña', 'nina'].includes(g)) return 'F';
  return null;
}

/**
 * Grade code of our grade catalog (1 PK, 2 K, 3 = 1st ... 14 = 12th): PK -1, K 0, then 1 to 12 — PowerSchool's
 * common convention (0 = kindergarten, negatives before it). States differ: documented as the default.
 */
const gradeCode = (id_grade: number | null) => (id_grade == null ? null : id_grade - 2);

// ---- the spec's application CSV (section 3) ----

const applicationFormat: CsvFormat = {
  filename: 'applications.csv',
  columns: [
    'creation_date',
    'id_application',
    'correlative',
    'id_school',
    'school',
    'id_campus',
    'campus',
    'status',
    'waiting_list_position',
    'grade_name',
    'school_year',
    'priority_item',
    'priority_item_level',
    'id_applicant',
    'first_name',
    'last_name',
    'email',
    'phone',
    'date_of_birth',
    'address',
    'gender',
    'ethnicity',
    'guardian_type',
    'guardian_name',
    'guardian_email',
    'guardian_phone',
    'guardian_address',
    'guardian_occupation',
    'guardian_date_of_birth',
  ],
  cells: (r) => [
    iso(r.createdAt),
    r.id_application,
    r.correlative,
    r.id_school,
    r.schoolName,
    r.id_campus,
    r.campusName,
    statusName(r.id_status),
    r.waiting_list_position,
    r.gradeName,
    r.schoolYearName,
    r.priorityItemName,
    r.priorityLevel,
    r.id_applicant,
    r.firstName,
    r.lastName,
    r.email,
    r.phoneNumber,
    r.dateOfBirth,
    r.address,
    r.gender,
    r.ethnicity,
    r.guardianTypeName,
    r.guardianName,
    r.guardianEmail,
    r.guardianPhoneNumber,
    r.guardianAddress,
    r.guardianOccupation,
    r.guardianDateOfBirth,
  ],
};

// ---- the product CSV: the list's columns as shown ----

const PRODUCT_HEADERS: Record<'en' | 'es', Record<ProductColumn, string>> = {
  en: {
    createdAt: 'Date',
    correlative: 'ID',
    applicantName: 'Applicant',
    email: 'E-mail',
    phoneNumber: 'Phone',
    grade: 'Grade',
    status: 'Status',
    campus: 'Campus',
    school_year: 'School year',
    waiting_list_position: 'Waiting list position',
    tags: 'Tags',
  },
  es: {
    createdAt: 'Fecha',
    correlative: 'ID',
    applicantName: 'Solicitante',
    email: 'Correo electrónico',
    phoneNumber: 'Teléfono',
    grade: 'Grado',
    status: 'Estado',
    campus: 'Campus',
    school_year: 'Año escolar',
    waiting_list_position: 'Posición en la lista de espera',
    tags: 'Etiquetas',
  },
};

function productCell(column: ProductColumn, r: ExportRow, lng: 'en' | 'es'): unknown {
  switch (column) {
    case 'createdAt':
      return schoolDay(r.createdAt, r.timeZone);
    case 'correlative':
      return r.correlative;
    case 'applicantName':
      return `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim();
    // the list shows the applicant's contact, else the guardian's
    case 'email':
      return r.email ?? r.guardianEmail;
    case 'phoneNumber':
      return r.phoneNumber ?? r.guardianPhoneNumber;
    case 'grade':
      if (r.id_grade == null) return translate('notSelected', lng);
      return r.isAgeSchool ? `${r.gradeAge} ${translate('yearsOld', lng)}` : r.gradeName;
    case 'status':
      return statusLabel(r.id_status);
    case 'campus':
      return r.campusName;
    case 'school_year':
      return r.schoolYearName;
    case 'waiting_list_position':
      return r.waiting_list_position;
    case 'tags':
      return r.tags;
  }
}

function productFormat({ columns, lng }: FormatOptions): CsvFormat {
  const shown = columns?.length ? PRODUCT_COLUMNS.filter((c) => columns.includes(c)) : [...PRODUCT_COLUMNS];
  return {
    filename: 'applications-list.csv',
    columns: shown.map((c) => PRODUCT_HEADERS[lng][c]),
    cells: (r) => shown.map((c) => productCell(c, r, lng)),
  };
}

// ---- PowerSchool (Quick Import / Data Import Manager, Students) ----

const powerschoolFormat: CsvFormat = {
  filename: 'powerschool-students.csv',
  statuses: SIS_EXPORT_STATUSES.powerschool,
  registration: true,
  columns: [
    'Last_Name',
    'First_Name',
    'DOB',
    'Gender',
    'Grade_Level',
    'SchoolID',
    'EntryDate',
    'ExitDate',
    'Enroll_Status',
    'Home_Phone',
    'GuardianEmail',
    'Mother',
    'Father',
    'Emerg_Contact_1',
    'Emerg_Phone_1',
    'Street',
    'City',
    'State',
    'Zip',
    'State_StudentNumber',
  ],
  cells: (r) => {
    const guardian = flat(r.guardianName);
    const emergency = flat(r.sis('emergency_contact_name'));
    const type = r.guardianTypeName?.toLowerCase() ?? '';
    return [
      flat(r.lastName),
      flat(r.firstName),
      usDate(r.birthDate),
      genderLetter(r.studentGender),
      gradeCode(r.id_grade),
      // the campus's number in PowerSchool; empty until it is set, so the import refuses the row, not misfiles it
      r.sisSchoolNumber,
      usDate(r.firstDayOfSchool),
      // the day after the school year ends: July 1 of its second year by default
      r.yearTwo ? `07/01/${r.yearTwo}` : null,
      // -1: pre-registered, what an admitted applicant is until the school enrolls the student
      r.id_status === STATUS.ENROLLED ? 0 : -1,
      usPhone(r.sis('home_phone') ?? r.phoneNumber ?? r.guardianPhoneNumber),
      flat(r.guardianEmail),
      type.includes('mother') ? guardian : null,
      type.includes('father') ? guardian : null,
      // the registration's emergency contact and phone together, else the guardian's (PowerSchool pairs them)
      emergency ?? guardian,
      usPhone(emergency ? r.sis('emergency_contact_phone') : r.guardianPhoneNumber),
      ...wholeAddress(r),
      flat(r.sis('state_student_id')),
    ];
  },
};

// ---- SchoolMint (Application Index export columns, in their order) ----

const SCHOOLMINT_STATUS: Record<number, string> = {
  [STATUS.APPLIED]: 'Submitted',
  [STATUS.WAITING_LIST]: 'Waitlisted',
  [STATUS.OFFERED]: 'Offered',
  [STATUS.CONFIRMED]: 'Accepted',
  [STATUS.DECLINED]: 'Declined',
  [STATUS.ENROLLED]: 'Registration Complete',
  [STATUS.DENIED]: 'Cancelled',
};

const schoolmintFormat: CsvFormat = {
  filename: 'schoolmint-applications.csv',
  statuses: SIS_EXPORT_STATUSES.schoolmint,
  registration: true,
  columns: [
    'applicant_id',
    'account_id',
    'student_id',
    'application_id',
    'first_name',
    'middle_name',
    'last_name',
    'birth_date',
    'gender',
    'email',
    'guardian_first_name',
    'guardian_last_name',
    'phone_number',
    'home_phone_number',
    'street1',
    'street2',
    'zipcode',
    'state',
    'city',
    'lives_with',
    'application_type',
    'created_by',
    'submission_date',
    'status',
    'waitlist_number',
    'app_status_timestamp',
    'app_offered_date',
    'last_updated',
    'current_grade_level',
    'grade_name',
    'school_name',
    'current_school_name',
    'priorities',
    'district_name',
    'school_group',
    'preferred_language',
  ],
  cells: (r) => {
    const [guardianFirst, ...guardianRest] = (r.guardianName ?? '').trim().split(/\s+/);
    return [
      r.id_applicant,
      null,
      null,
      r.correlative,
      r.firstName,
      r.sis('middle_name'),
      r.lastName,
      usDate(r.birthDate),
      r.studentGender,
      r.email,
      guardianFirst || null,
      guardianRest.join(' ') || null,
      usPhone(r.guardianPhoneNumber),
      usPhone(r.sis('home_phone') ?? r.phoneNumber),
      // street1 holds the one-line address of a row whose parts are unknown (received on one line)
      r.registeredAddress?.line1 ?? r.addressStreet ?? r.address,
      r.streetLine2,
      r.zip,
      r.state,
      r.city,
      r.guardianTypeName,
      'OE',
      null,
      usDate(r.createdAt.toISOString().slice(0, 10)),
      SCHOOLMINT_STATUS[r.id_status] ?? null,
      r.waiting_list_position,
      null,
      null,
      null,
      null,
      r.gradeName,
      r.campusName,
      r.actualSchool,
      r.priorityItemName,
      r.schoolName,
      null,
      r.sis('home_language'),
    ];
  },
};

// ---- Aspire (Utah): no public import specification; a documented default mapping ----

const aspireFormat: CsvFormat = {
  filename: 'aspire-students.csv',
  statuses: SIS_EXPORT_STATUSES.aspire,
  registration: true,
  columns: [
    'SSID',
    'StudentNumber',
    'LastName',
    'FirstName',
    'MiddleName',
    'BirthDate',
    'Gender',
    'GradeLevel',
    'SchoolNumber',
    'SchoolYear',
    'EntryDate',
    'GuardianName',
    'GuardianEmail',
    'GuardianPhone',
    'Address',
    'City',
    'State',
    'Zip',
    'Phone',
    'HomeLanguage',
    'EmergencyContact',
    'EmergencyPhone',
  ],
  cells: (r) => [
    r.sis('state_student_id'),
    r.correlative,
    r.lastName,
    r.firstName,
    r.sis('middle_name'),
    usDate(r.birthDate),
    genderLetter(r.studentGender),
    gradeCode(r.id_grade),
    r.sisSchoolNumber,
    r.yearTwo,
    usDate(r.firstDayOfSchool),
    r.guardianName,
    r.guardianEmail,
    usPhone(r.guardianPhoneNumber),
    r.registeredAddress ? r.street : (r.addressStreet ?? r.address),
    r.city,
    r.state,
    r.zip,
    usPhone(r.sis('home_phone') ?? r.phoneNumber),
    r.sis('home_language'),
    r.sis('emergency_contact_name'),
    usPhone(r.sis('emergency_contact_phone')),
  ],
};

export function formatOf(format: ExportFormat, options: FormatOptions): CsvFormat {
  switch (format) {
    case 'product':
      return productFormat(options);
    case 'powerschool':
      return powerschoolFormat;
    case 'schoolmint':
      return schoolmintFormat;
    case 'aspire':
      return aspireFormat;
    default:
      return applicationFormat;
  }
}
