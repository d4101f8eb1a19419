import type { Language } from '@openseat/shared/constants';
import { translate } from '@openseat/shared/messages';
import type {
  ActiveCampusGrade,
  CampusConfiguration,
  CampusGrade,
  CampusGradeRow,
  CampusRow,
} from '@openseat/shared/schemas/schools';
import { maskedSecret } from '../../lib/crypto';
import type { CampusConfigurationRecord, CampusGradeRecord, CampusRecord } from './campuses.repository';

/** A campus as it leaves the server: the photo as its authorised URL, never the stored file name. */
export const presentCampus = (c: CampusRecord): CampusRow => ({
  id_campus: c.id_campus,
  id_school: c.id_school,
  schoolName: c.schoolName,
  name: c.name,
  address: c.address,
  telephone: c.telephone,
  email: c.email,
  description: c.description,
  website: c.website,
  photo: c.photo ? `/api/campus/${c.id_campus}/photo` : null,
  isMain: c.isMain,
  sis_school_number: c.sisSchoolNumber,
  active: c.active,
  is_lottery_campus: c.is_lottery_campus,
  is_age_school: c.is_age_school,
});

/** The API secret leaves the server masked (last 4 characters), never in full. */
export const presentCampusConfiguration = (key: Buffer, c: CampusConfigurationRecord): CampusConfiguration => ({
  id_school: c.id_school,
  id_campus: c.id_campus,
  email: c.email,
  google_analytics_tag: c.google_analytics_tag,
  api_secret: maskedSecret(key, c.api_secret_encrypted),
  hasApiSecret: c.api_secret_encrypted !== null,
  phone_number: c.phone_number,
  active: c.active,
  looker_studio_link: c.looker_studio_link,
  is_lottery_campus: c.is_lottery_campus,
  id_enrollment_sis: c.id_enrollment_sis,
  time_zone: c.time_zone,
  effective_time_zone: c.time_zone ?? c.schoolTimeZone,
});

/** The spec's columns of the campus export (section 3): `campus` is the school's name. */
export const CAMPUS_CSV_COLUMNS = ['campus', 'name', 'email', 'telephone', 'isActive'];
export const campusCsvCells = (c: CampusRecord) => [c.schoolName, c.name, c.email ?? '', c.telephone ?? '', c.active];

/** Grade settings: age-based schools show the age where others show the grade. */
export const presentGradeSetting = (g: CampusGradeRecord, ageSchool: boolean): CampusGradeRow => ({
  id_campus_grade: g.id_campus_grade,
  id_campus: g.id_campus,
  id_grade: g.id_grade,
  name: g.name,
  age: g.age,
  activatable: g.activatable,
  value: g.value,
  label: g.label,
  display: ageSchool ? String(g.age) : g.name,
});

export const presentCampusGrade = (g: CampusGrade): CampusGrade => ({
  id_campus_grade: g.id_campus_grade,
  id_school: g.id_school,
  id_campus: g.id_campus,
  id_grade: g.id_grade,
  activatable: g.activatable,
  optionValue: g.optionValue,
  optionLabel: g.optionLabel,
});

/**
 * What a grade is called on screens and forms: the campus's own option label when it set one (a new campus
 * starts with the grade name as label, which does not count), else the age ("5 years old") or the grade.
 */
const gradeLabel = (g: { name: string; age: number; label: string | null }, ageSchool: boolean, lng: Language) =>
  g.label && g.label !== g.name ? g.label : ageSchool ? `${g.age} ${translate('yearsOld', lng)}` : g.name;

/** A grade active on some campuses of a school, labelled as an option without a campus label. */
export type SchoolGrade = { id_grade: number; name: string; age: number; campusIds: number[] };

export const presentSchoolGrade = ({ campusIds, ...g }: SchoolGrade, ageSchool: boolean, lng: Language) => ({
  ...g,
  label: gradeLabel({ ...g, label: null }, ageSchool, lng),
  campusIds,
});

export const presentActiveGrade = (
  g: {
    id_campus_grade: number;
    id_campus: number;
    id_grade: number;
    name: string;
    age: number;
    value: string | null;
    label: string | null;
  },
  ageSchool: boolean,
  lng: Language,
): ActiveCampusGrade => ({
  id_campus_grade: g.id_campus_grade,
  id_campus: g.id_campus,
  id_grade: g.id_grade,
  name: g.name,
  age: g.age,
  value: g.value,
  label: gradeLabel(g, ageSchool, lng),
  is_age_school: ageSchool,
});
