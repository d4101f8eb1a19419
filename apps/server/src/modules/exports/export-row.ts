import type { AddressAnswer } from '@openseat/shared/registration-rules';
import type { SisFieldKey } from '@openseat/shared/schemas/registration';
import { field, type ExportNames, type WindowValues } from './exports.repository';

/**
 * One application as every export format reads it: a window's values (`at`) with their names. One view serves a
 * whole export, moved from row to row, and reads each value when a format asks for it: an object built for each of
 * 100,000 rows (48 fields, most of which a format never reads) cost as much as the rest of the export's JavaScript.
 * A format reads the row it is given and keeps nothing of it.
 */
export class ExportRow {
  private values: WindowValues = [];
  private registrationOf: WindowValues | null = null;
  private registrationValues: Partial<Record<SisFieldKey, unknown>> = {};

  constructor(private readonly names: ExportNames) {}

  /** This view, now over `values`. */
  at(values: WindowValues): this {
    this.values = values;
    return this;
  }

  get id_application() {
    return field(this.values, 'id_application');
  }
  get correlative() {
    return field(this.values, 'correlative');
  }
  get createdAt() {
    return new Date(field(this.values, 'createdAt'));
  }
  get id_school() {
    return field(this.values, 'id_school');
  }
  get id_campus() {
    return field(this.values, 'id_campus');
  }
  get id_school_year() {
    return field(this.values, 'id_school_year');
  }
  get id_campus_year() {
    return field(this.values, 'id_campus_year');
  }
  get id_status() {
    return field(this.values, 'id_status');
  }
  get waiting_list_position() {
    return field(this.values, 'waiting_list_position');
  }
  get id_grade() {
    return field(this.values, 'id_grade');
  }
  get id_priority_item() {
    return field(this.values, 'id_priority_item');
  }
  get id_applicant() {
    return field(this.values, 'id_applicant');
  }
  get firstName() {
    return field(this.values, 'firstName');
  }
  get lastName() {
    return field(this.values, 'lastName');
  }
  get email() {
    return field(this.values, 'email');
  }
  get phoneNumber() {
    return field(this.values, 'phoneNumber');
  }
  get dateOfBirth() {
    return field(this.values, 'dateOfBirth');
  }
  get address() {
    return field(this.values, 'address');
  }
  get addressStreet() {
    return field(this.values, 'addressStreet');
  }
  get addressCity() {
    return field(this.values, 'addressCity');
  }
  get addressState() {
    return field(this.values, 'addressState');
  }
  get addressZip() {
    return field(this.values, 'addressZip');
  }
  get gender() {
    return field(this.values, 'gender');
  }
  get ethnicity() {
    return field(this.values, 'ethnicity');
  }
  get actualSchool() {
    return field(this.values, 'actualSchool');
  }
  get id_guardian_type() {
    return field(this.values, 'id_guardian_type');
  }
  get guardianName() {
    return field(this.values, 'guardianName');
  }
  get guardianEmail() {
    return field(this.values, 'guardianEmail');
  }
  get guardianPhoneNumber() {
    return field(this.values, 'guardianPhoneNumber');
  }
  get guardianAddress() {
    return field(this.values, 'guardianAddress');
  }
  get guardianOccupation() {
    return field(this.values, 'guardianOccupation');
  }
  get guardianDateOfBirth() {
    return field(this.values, 'guardianDateOfBirth');
  }
  get tags() {
    return field(this.values, 'tags');
  }

  /** The approved registration answers tagged with SIS fields (read only by the formats that ask for them). */
  private get registration() {
    if (this.registrationOf !== this.values) {
      const text = field(this.values, 'registration');
      this.registrationValues = text ? (JSON.parse(text) as Partial<Record<SisFieldKey, unknown>>) : {};
      this.registrationOf = this.values;
    }
    return this.registrationValues;
  }
  /** An approved registration answer given as text (every SIS key but the address), or null. */
  sis(key: Exclude<SisFieldKey, 'home_address'>): string | null {
    const value = this.registration[key];
    return typeof value === 'string' && value !== '' ? value : null;
  }
  /** The home address of the approved registration, when the family gave one. */
  get registeredAddress(): AddressAnswer | null {
    const value = this.registration.home_address;
    return value && typeof value === 'object' ? (value as AddressAnswer) : null;
  }

  /** Birth date (YYYY-MM-DD): the approved registration's, else the application's. */
  get birthDate() {
    return this.sis('birth_date') ?? this.dateOfBirth;
  }
  get studentGender() {
    return this.sis('gender') ?? this.gender;
  }
  /** The address in parts: the approved registration's, else the application's (its street may be its one line). */
  get street() {
    const reg = this.registeredAddress;
    if (reg) return reg.line2 ? `${reg.line1} ${reg.line2}` : reg.line1;
    return this.addressStreet;
  }
  get streetLine2() {
    const reg = this.registeredAddress;
    return reg ? (reg.line2 ?? null) : null;
  }
  get city() {
    return this.registeredAddress?.city ?? this.addressCity;
  }
  get state() {
    return this.registeredAddress?.region ?? this.addressState;
  }
  get zip() {
    return this.registeredAddress?.postalCode ?? this.addressZip;
  }
  /** Street, city, state and zip are all known (PowerSchool refuses a partial block). */
  get hasWholeAddress() {
    return Boolean(this.street && this.city && this.state && this.zip);
  }

  private get school() {
    return this.names.schools.get(this.id_school);
  }
  private get campus() {
    return this.names.campuses.get(this.id_campus);
  }
  private get schoolYear() {
    return this.names.schoolYears.get(this.id_school_year);
  }
  private get grade() {
    const id = this.id_grade;
    return id === null ? undefined : this.names.grades.get(id);
  }
  private get priorityItem() {
    const id = this.id_priority_item;
    return id === null ? undefined : this.names.priorityItems.get(id);
  }

  get schoolName() {
    return this.school?.name ?? '';
  }
  get campusName() {
    return this.campus?.name ?? '';
  }
  get sisSchoolNumber() {
    return this.campus?.sisSchoolNumber ?? null;
  }
  get gradeName() {
    return this.grade?.name ?? null;
  }
  get gradeAge() {
    return this.grade?.age ?? null;
  }
  get schoolYearName() {
    return this.schoolYear?.name ?? '';
  }
  get yearOne() {
    return this.schoolYear?.yearOne ?? 0;
  }
  get yearTwo() {
    return this.schoolYear?.yearTwo ?? 0;
  }
  get firstDayOfSchool() {
    const id = this.id_campus_year;
    return id === null ? null : (this.names.periods.get(id)?.firstDayOfSchool ?? null);
  }
  get priorityItemName() {
    return this.priorityItem?.name ?? null;
  }
  get priorityLevel() {
    const item = this.priorityItem;
    return item ? (this.names.levels.get(`${this.id_campus}:${item.id}`) ?? null) : null;
  }
  get guardianTypeName() {
    const id = this.id_guardian_type;
    return id === null ? null : (this.names.guardianTypes.get(id)?.name ?? null);
  }
  get isAgeSchool() {
    return this.school?.isAgeSchool ?? null;
  }
  get timeZone() {
    return this.school?.timeZone ?? null;
  }
}
