import { eq, sql } from 'drizzle-orm';
import { CONTEXT_TYPE_NAMES, STATUSES, SUPER_ADMIN_ROLE, CONTEXT_TYPE } from '@openseat/shared/constants';
import {
  ACTIONS,
  DEFAULT_ROLE_GRANTS,
  SUBJECTS,
  actionId,
  grantToRules,
  subjectId,
} from '@openseat/shared/permissions';
import type { Executor } from './client';
import * as s from './schema/index';

/**
 * Reference data every installation needs, demo or production: catalogs with fixed ids, the permission
 * catalogue and the default roles. Idempotent: catalogs are upserted; roles and their default permissions
 * are only created when missing, so an administrator's changes are kept.
 */
export const GRADES = [
  { id_grade: 1, name: 'PK', position: 1, age: 4 },
  { id_grade: 2, name: 'K', position: 2, age: 5 },
  ...Array.from({ length: 12 }, (_, i) => ({ id_grade: i + 3, name: String(i + 1), position: i + 3, age: i + 6 })),
];

export const PRIORITY_ITEMS = [
  { id_priority_item: 1, name: 'sibling' },
  { id_priority_item: 2, name: 'staff child' },
  { id_priority_item: 3, name: 'in-district' },
  { id_priority_item: 4, name: 'general' },
];

const named = (names: string[]) => names.map((name, i) => ({ id: i + 1, name }));

const SIMPLE_CATALOGS = [
  [s.emailType, named(['status change', 'reminder', 'manually sent'])],
  [s.formType, named(['Typeform', 'Google Forms'])],
  [s.guardianType, named(['mother', 'father', 'legal guardian', 'grandparent', 'other'])],
  [s.feedbackType, named(['bug', 'suggestion', 'question'])],
  [s.statusFeedback, named(['pending', 'working on it', 'done'])],
  [s.textMessageType, named(['status change', 'reminder', 'manually sent'])],
  [s.enrollmentSis, named(['powerschool', 'schoolmint', 'aspire'])],
  [s.notificationSettingsType, named(['status change', 'new application', 'reminder', 'form submission'])],
  [
    s.dashboardItem,
    named([
      'spots taken',
      'applications changed status',
      'new leads',
      'leads to applied',
      'leads to confirmed',
      'leads to enrolled',
      'leads from ads',
      'leads from Facebook',
      'leads from Google',
    ]),
  ],
  [s.adsConversionEventType, named(['fbPixel', 'googleAds'])],
] as const;

export const FIELD_OPTIONS = [
  { id_field_option: 1, name: 'applicant_first_name', label: 'Applicant first name' },
  { id_field_option: 2, name: 'applicant_last_name', label: 'Applicant last name' },
  { id_field_option: 3, name: 'guardian_name', label: 'Guardian name' },
  { id_field_option: 4, name: 'campus_name', label: 'Campus name' },
  { id_field_option: 5, name: 'grade', label: 'Grade' },
  { id_field_option: 6, name: 'school_year', label: 'School year' },
  { id_field_option: 7, name: 'form_url', label: 'Form link' },
  { id_field_option: 8, name: 'acceptance_deadline', label: 'Acceptance deadline' },
  { id_field_option: 9, name: 'school_name', label: 'School name' },
  { id_field_option: 10, name: 'campus_phone', label: 'Campus phone' },
  { id_field_option: 11, name: 'campus_email', label: 'Campus e-mail' },
];

export const SCHOOL_YEARS = Array.from({ length: 8 }, (_, i) => {
  const first = 2024 + i;
  return { id_school_year: i + 1, name: `${first}-${first + 1}`, year_one: first, year_two: first + 1 };
});

export async function writeReferenceData(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    const contextTypes = Object.entries(CONTEXT_TYPE_NAMES).map(([id, name]) => ({
      id_context_type: Number(id),
      name,
    }));
    await tx
      .insert(s.contextType)
      .values(contextTypes)
      .onConflictDoUpdate({ target: s.contextType.id_context_type, set: { name: sql`excluded.name` } });
    await tx
      .insert(s.status)
      .values([...STATUSES])
      .onConflictDoUpdate({
        target: s.status.id_status,
        set: { name: sql`excluded.name`, label: sql`excluded.label` },
      });
    await tx
      .insert(s.statusMovementType)
      .values([
        { id_status_movement_type: 1, name: 'Moved' },
        { id_status_movement_type: 2, name: 'Lottery' },
        { id_status_movement_type: 3, name: 'Previous status' },
        { id_status_movement_type: 4, name: 'Automatic' },
        { id_status_movement_type: 5, name: 'Offer expired' },
        { id_status_movement_type: 6, name: 'Late application' },
        { id_status_movement_type: 7, name: 'Guardian' },
      ])
      .onConflictDoNothing();
    await tx
      .insert(s.grade)
      .values(GRADES)
      .onConflictDoUpdate({
        target: s.grade.id_grade,
        set: { name: sql`excluded.name`, position: sql`excluded.position`, age: sql`excluded.age` },
      });
    await tx.insert(s.priorityItem).values(PRIORITY_ITEMS).onConflictDoNothing();
    await tx.insert(s.fieldOption).values(FIELD_OPTIONS).onConflictDoNothing();
    await tx.insert(s.schoolYear).values(SCHOOL_YEARS).onConflictDoNothing();
    for (const [table, rows] of SIMPLE_CATALOGS) {
      await tx
        .insert(table)
        .values(rows)
        .onConflictDoUpdate({ target: table.id, set: { name: sql`excluded.name` } });
    }
    await tx
      .insert(s.subject)
      .values(SUBJECTS.map((name) => ({ id_subject: subjectId(name), name })))
      .onConflictDoUpdate({ target: s.subject.id_subject, set: { name: sql`excluded.name` } });
    await tx
      .insert(s.action)
      .values(ACTIONS.map((name) => ({ id_action: actionId(name), name })))
      .onConflictDoUpdate({ target: s.action.id_action, set: { name: sql`excluded.name` } });
    // serial sequences must move past the fixed ids written above
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('school_year', 'id_school_year'), (SELECT max(id_school_year) FROM school_year))`,
    );
    await writeDefaultRoles(tx);
  });
}

async function writeDefaultRoles(tx: Executor): Promise<void> {
  await tx
    .insert(s.role)
    .values({
      name: SUPER_ADMIN_ROLE,
      id_context_type: CONTEXT_TYPE.SYSTEM,
      type: 'system',
      description: 'Can do everything.',
    })
    .onConflictDoNothing();
  for (const def of DEFAULT_ROLE_GRANTS) {
    const created = await tx
      .insert(s.role)
      .values({ name: def.name, id_context_type: def.id_context_type, type: 'system', description: def.description })
      .onConflictDoNothing()
      .returning({ id_role: s.role.id_role });
    if (created.length === 0) continue;
    const rules = grantToRules(def.grant);
    await tx.insert(s.permission).values(
      rules.map((r) => ({
        id_role: created[0].id_role,
        id_subject: subjectId(r.subject),
        id_action: actionId(r.action),
      })),
    );
  }
}

export async function roleIdByName(db: Executor, name: string): Promise<number> {
  const [row] = await db.select({ id: s.role.id_role }).from(s.role).where(eq(s.role.name, name));
  if (!row) throw new Error(`role ${name} missing`);
  return row.id;
}
