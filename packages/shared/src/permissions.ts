import type { ContextTypeId } from './constants';
import { CONTEXT_TYPE } from './constants';

/**
 * The subjects (screens) and actions of spec section 6. Ids are stable: they are the rows of the
 * `subject` and `action` tables, and permissions refer to them.
 */
export const SUBJECTS = [
  'side_menu',
  'user_menu',
  'dashboard',
  'applications',
  'denied_applications',
  'selected_list',
  'waiting_list',
  'declined_list',
  'historical',
  'application',
  'enrollment_settings',
  'priorities_configuration',
  'school_year_spots',
  'schools',
  'school',
  'school_campus',
  'users',
  'roles',
  'role',
  'tags_configuration',
  'ads_tracking',
  'campus_school_period_popup',
  'school_applications',
  'feedback',
  'captured_mail',
  'audit_log',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const ACTIONS = [
  'access',
  'create',
  'edit',
  'delete',
  'enable_disable',
  'export_csv',
  'run_lottery',
  'move_to_selected_or_waiting',
  'move_to_confirmed',
  'move_to_enrolled',
  'move_to_declined',
  'move_to_waiting',
  'move_to_offered',
  'move_to_denied',
  'transfer_spot',
  'reorder_waiting_list',
  'send_message_to_declined',
  'start_school_year',
  'finalize_school_year',
  'tab_configuration',
  'tab_campuses',
  'tab_users',
  'tab_grade_settings',
  'tab_forms',
  'tab_emails',
  'tab_permissions',
  'tab_priorities',
  'tab_reminders',
  'tab_sms',
  'edit_info',
  'resend_email',
  'previous_status',
  'status_movement',
  'upload_file',
  'delete_file',
  'view_notes',
  'manage_notes',
  'download_application',
  'copy_applications',
  'transfer_applications',
  'manage_tags',
  'send_custom_email',
  'deny_application',
  'save_details',
  'show_campuses_selector',
  'show_school_periods_selector',
] as const;
export type Action = (typeof ACTIONS)[number];

export const subjectId = (s: Subject) => SUBJECTS.indexOf(s) + 1;
export const actionId = (a: Action) => ACTIONS.indexOf(a) + 1;

/** Which actions make sense on which screen: the permissions tab of a role offers exactly these. */
export const SUBJECT_ACTIONS: Record<Subject, readonly Action[]> = {
  side_menu: ['access'],
  user_menu: ['access', 'show_campuses_selector', 'show_school_periods_selector'],
  dashboard: ['access'],
  applications: ['access', 'export_csv', 'status_movement', 'copy_applications', 'transfer_applications', 'send_custom_email', 'manage_tags'],
  denied_applications: ['access', 'export_csv'],
  selected_list: ['access', 'export_csv', 'move_to_confirmed', 'move_to_enrolled', 'move_to_declined', 'transfer_spot'],
  waiting_list: ['access', 'export_csv', 'move_to_offered', 'reorder_waiting_list'],
  declined_list: ['access', 'export_csv', 'send_message_to_declined', 'move_to_waiting'],
  historical: ['access', 'export_csv'],
  application: [
    'access', 'edit_info', 'resend_email', 'previous_status', 'status_movement', 'upload_file', 'delete_file',
    'view_notes', 'manage_notes', 'download_application', 'manage_tags', 'send_custom_email', 'deny_application',
    'move_to_selected_or_waiting', 'move_to_offered', 'move_to_confirmed', 'move_to_enrolled', 'move_to_declined',
    'move_to_waiting', 'move_to_denied', 'save_details', 'delete',
  ],
  enrollment_settings: ['access', 'create', 'edit', 'start_school_year', 'finalize_school_year', 'run_lottery', 'export_csv', 'move_to_selected_or_waiting'],
  priorities_configuration: ['access', 'edit'],
  school_year_spots: ['access', 'edit', 'tab_configuration'],
  schools: ['access', 'create', 'edit', 'enable_disable', 'export_csv'],
  school: ['access', 'edit', 'tab_campuses', 'tab_users', 'tab_configuration'],
  school_campus: [
    'access', 'create', 'edit', 'delete', 'enable_disable', 'export_csv', 'tab_users', 'tab_configuration',
    'tab_grade_settings', 'tab_forms', 'tab_emails', 'tab_reminders', 'tab_sms', 'tab_priorities',
  ],
  users: ['access', 'create', 'edit', 'delete', 'enable_disable', 'export_csv'],
  roles: ['access', 'create', 'edit', 'delete'],
  role: ['access', 'edit', 'tab_permissions', 'enable_disable'],
  tags_configuration: ['access', 'create', 'edit', 'delete'],
  ads_tracking: ['access', 'export_csv'],
  campus_school_period_popup: ['access'],
  school_applications: ['access', 'export_csv'],
  feedback: ['access', 'create', 'edit', 'delete'],
  captured_mail: ['access'],
  audit_log: ['access'],
};

type Grant = Partial<Record<Subject, readonly Action[] | 'all'>>;

const everythingOn = (subjects: Subject[]): Grant =>
  Object.fromEntries(subjects.map((s) => [s, 'all'])) as Grant;

const campusWork: Grant = {
  ...everythingOn([
    'side_menu', 'dashboard', 'applications', 'denied_applications', 'selected_list', 'waiting_list',
    'declined_list', 'historical', 'application', 'enrollment_settings', 'priorities_configuration',
    'school_year_spots', 'tags_configuration', 'ads_tracking', 'campus_school_period_popup', 'feedback',
  ]),
  user_menu: ['access', 'show_school_periods_selector'],
};

const schoolWork: Grant = {
  ...campusWork,
  ...everythingOn(['school_applications', 'users']),
  user_menu: 'all',
  school: 'all',
  school_campus: 'all',
  roles: ['access'],
  role: ['access', 'tab_permissions'],
};

/**
 * Default permissions of the seeded roles, one per role level. `SuperAdmin` needs none: it manages all.
 * docs/permissions.md shows this table; a test keeps the two in step.
 */
export const DEFAULT_ROLE_GRANTS: ReadonlyArray<{ name: string; id_context_type: ContextTypeId; description: string; grant: Grant }> = [
  {
    name: 'System Support',
    id_context_type: CONTEXT_TYPE.SYSTEM,
    description: 'Supports every school: schools, users, roles and the mail outbox; no student records.',
    grant: {
      ...everythingOn(['side_menu', 'user_menu', 'schools', 'school', 'school_campus', 'users', 'roles', 'role', 'feedback', 'captured_mail', 'audit_log']),
    },
  },
  {
    name: 'School Admin',
    id_context_type: CONTEXT_TYPE.SCHOOL,
    description: 'Runs admissions for every campus of one school.',
    grant: { ...schoolWork, audit_log: ['access'] },
  },
  {
    name: 'Campus Admin',
    id_context_type: CONTEXT_TYPE.CAMPUS,
    description: 'Runs admissions for one campus.',
    grant: { ...campusWork, school_campus: ['access', 'tab_configuration', 'tab_grade_settings', 'tab_priorities', 'tab_forms', 'tab_emails', 'tab_reminders', 'tab_sms'], users: ['access'] },
  },
  {
    name: 'School Maintainer',
    id_context_type: CONTEXT_TYPE.SCHOOL_MAINTAINER,
    description: 'Maintains several schools; chooses one at sign-in and works in it as its administrator.',
    grant: schoolWork,
  },
];

export function grantToRules(grant: Grant): Array<{ subject: Subject; action: Action }> {
  return Object.entries(grant).flatMap(([subject, actions]) => {
    const list = actions === 'all' ? SUBJECT_ACTIONS[subject as Subject] : actions;
    return (list ?? []).map((action) => ({ subject: subject as Subject, action }));
  });
}
