import { z } from 'zod';

const int = z.number().int();

/** `{ id_<thing>, name }`: most catalogs are no more than that. */
const named = <K extends string>(idKey: K) =>
  z.object({ [idKey]: int, name: z.string() } as { [P in K]: typeof int } & { name: z.ZodString });

/** The read-only catalogs of spec section 7 (`GET /catalog/<path>`), each with the fields it sends. */
export const CATALOG_ROW_SCHEMAS = {
  'context-type': named('id_context_type'),
  'school-year': z.object({ id_school_year: int, name: z.string(), year_one: int, year_two: int }),
  status: z.object({ id_status: int, name: z.string(), label: z.string() }),
  grade: z.object({ id_grade: int, name: z.string(), position: int, age: int }),
  'field-option': z.object({ id_field_option: int, name: z.string(), label: z.string() }),
  'priority-item': named('id_priority_item'),
  'email-type': named('id_email_type'),
  'form-type': named('id_form_type'),
  'guardian-type': named('id_guardian_type'),
  'feedback-type': named('id_feedback_type'),
  'status-feedback': named('id_status_feedback'),
  'text-message-type': named('id_text_message_type'),
  'enrollment-sis': named('id_enrollment_sis'),
  'notification-settings-type': named('id_notification_settings_type'),
} as const;
export type CatalogPath = keyof typeof CATALOG_ROW_SCHEMAS;
export const CATALOG_PATHS = Object.keys(CATALOG_ROW_SCHEMAS) as CatalogPath[];
export type CatalogRow<P extends CatalogPath> = z.infer<(typeof CATALOG_ROW_SCHEMAS)[P]>;

/** A school the caller may pick (`GET /catalog/schools`). */
export const SchoolChoiceSchema = z.object({ id_school: int, name: z.string() });
export type SchoolChoice = z.infer<typeof SchoolChoiceSchema>;

/** A campus the caller may pick, with its school (`GET /catalog/campuses`). */
export const CampusChoiceSchema = z.object({
  id_campus: int,
  name: z.string(),
  id_school: int,
  schoolName: z.string(),
  /** The IANA zone its dates and times are read in (the campus's own, else its school's). */
  timeZone: z.string(),
});
export type CampusChoice = z.infer<typeof CampusChoiceSchema>;
