import type { ContextTypeId } from './constants';
import { CONTEXT_TYPE } from './constants';

/**
 * The subjects (screens) and actions of spec section 6, each with the id its `subject` / `action` row and every
 * stored permission use. Ids are explicit and permanent: never renumber or reuse one; a new subject or action
 * takes the next free id, wherever it is listed.
 */
export const SUBJECT_IDS = {
  side_menu: 1,
  user_menu: 2,
  dashboard: 3,
  applications: 4,
  denied_applications: 5,
  selected_list: 6,
  waiting_list: 7,
  declined_list: 8,
  historical: 9,
  application: 10,
  enrollment_settings: 11,
  priorities_configuration: 12,
  school_year_spots: 13,
  schools: 14,
  school: 15,
  school_campus: 16,
  users: 17,
  roles: 18,
  role: 19,
  tags_configuration: 20,
  ads_tracking: 21,
  campus_school_period_popup: 22,
  school_applications: 23,
  feedback: 24,
  captured_mail: 25,
  audit_log: 26,
} as const;
export type Subject = keyof typeof SUBJECT_IDS;
export const SUBJECTS = Object.keys(SUBJECT_IDS) as Subject[];

export const ACTION_IDS = {
  access: 1,
  create: 2,
  edit: 3,
  delete: 4,
  enable_disable: 5,
  export_csv: 6,
  run_lottery: 7,
  move_to_selected_or_waiting: 8,
  move_to_confirmed: 9,
  move_to_enrolled: 10,
  move_to_declined: 11,
  move_to_waiting: 12,
  move_to_offered: 13,
  move_to_denied: 14,
  transfer_spot: 15,
  reorder_waiting_list: 16,
  send_message_to_declined: 17,
  start_school_year: 18,
  finalize_school_year: 19,
  tab_configuration: 20,
  tab_campuses: 21,
  tab_users: 22,
  tab_grade_settings: 23,
  tab_forms: 24,
  tab_emails: 25,
  tab_permissions: 26,
  tab_priorities: 27,
  tab_reminders: 28,
  tab_sms: 29,
  edit_info: 30,
  resend_email: 31,
  previous_status: 32,
  status_movement: 33,
  upload_file: 34,
  delete_file: 35,
  view_notes: 36,
  manage_notes: 37,
  download_application: 38,
  copy_applications: 39,
  transfer_applications: 40,
  manage_tags: 41,
  send_custom_email: 42,
  deny_application: 43,
  save_details: 44,
  show_campuses_selector: 45,
  show_school_periods_selector: 46,
} as const;
export type Action = keyof typeof ACTION_IDS;
export const ACTIONS = Object.keys(ACTION_IDS) as Action[];

export const subjectId = (subject: Subject): number => SUBJECT_IDS[subject];
export const actionId = (action: Action): number => ACTION_IDS[action];

const byId = <T extends string>(ids: Record<T, number>) => {
  const names = new Map(Object.entries<number>(ids).map(([name, id]) => [id, name as T]));
  return (id: number): T | undefined => names.get(id);
};
/** The subject stored under an id, or undefined for an unknown id. */
export const subjectById = byId<Subject>(SUBJECT_IDS);
/** The action stored under an id, or undefined for an unknown id. */
export const actionById = byId<Action>(ACTION_IDS);

/** Which actions make sense on which screen: the permissions tab of a role offers exactly these. */
export const SUBJECT_ACTIONS: Record<Subject, readonly Action[]> = {
  side_menu: ['access'],
  user_menu: ['access', 'show_campuses_selector', 'show_school_periods_selector'],
  dashboard: ['access'],
  applications: [
    'access',
    'export_csv',
    'status_movement',
    'copy_applications',
    'transfer_applications',
    'send_custom_email',
    'manage_tags',
  ],
  denied_applications: ['access', 'export_csv'],
  selected_list: ['access', 'export_csv', 'move_to_confirmed', 'move_to_enrolled', 'move_to_declined', 'transfer_spot'],
  waiting_list: ['access', 'export_csv', 'move_to_offered', 'reorder_waiting_list'],
  declined_list: ['access', 'export_csv', 'send_message_to_declined', 'move_to_waiting'],
  historical: ['access', 'export_csv'],
  application: [
    'access',
    'edit_info',
    'resend_email',
    'previous_status',
    'status_movement',
    'upload_file',
    'delete_file',
    'view_notes',
    'manage_notes',
    'download_application',
    'manage_tags',
    'send_custom_email',
    'deny_application',
    'move_to_selected_or_waiting',
    'move_to_offered',
    'move_to_confirmed',
    'move_to_enrolled',
    'move_to_declined',
    'move_to_waiting',
    'move_to_denied',
    'save_details',
    'create',
    'delete',
  ],
  enrollment_settings: [
    'access',
    'create',
    'edit',
    'start_school_year',
    'finalize_school_year',
    'run_lottery',
    'export_csv',
    'move_to_selected_or_waiting',
  ],
  priorities_configuration: ['access', 'edit'],
  school_year_spots: ['access', 'edit', 'tab_configuration'],
  schools: ['access', 'create', 'edit', 'enable_disable', 'export_csv'],
  school: ['access', 'edit', 'tab_campuses', 'tab_users', 'tab_configuration'],
  school_campus: [
    'access',
    'create',
    'edit',
    'delete',
    'enable_disable',
    'export_csv',
    'tab_users',
    'tab_configuration',
    'tab_grade_settings',
    'tab_forms',
    'tab_emails',
    'tab_reminders',
    'tab_sms',
    'tab_priorities',
  ],
  users: ['access', 'create', 'edit', 'delete', 'enable_disable', 'export_csv'],
  roles: ['access', 'create', 'edit', 'delete'],
  role: ['access', 'edit', 'tab_permissions', 'enable_disable'],
  tags_configuration: ['access', 'create', 'edit', 'delete'],
  ads_tracking: ['access', 'export_csv'],
  campus_school_period_popup: ['access'],
  school_applications: ['access', 'export_csv'],
  feedback: ['access', 'create', 'edit', 'delete'],
  /** Captured mail holds everyone's reset links: SuperAdmin only, so no role can be granted it. */
  captured_mail: [],
  audit_log: ['access'],
};

type Grant = Partial<Record<Subject, readonly Action[] | 'all'>>;

const everythingOn = (subjects: Subject[]): Grant => Object.fromEntries(subjects.map((s) => [s, 'all'])) as Grant;

const campusWork: Grant = {
  ...everythingOn([
    'side_menu',
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
    'tags_configuration',
    'ads_tracking',
    'campus_school_period_popup',
    'feedback',
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
export const DEFAULT_ROLE_GRANTS: ReadonlyArray<{
  name: string;
  id_context_type: ContextTypeId;
  description: string;
  grant: Grant;
}> = [
  {
    name: 'System Support',
    id_context_type: CONTEXT_TYPE.SYSTEM,
    description: 'Supports every school: schools, users and roles; no student records.',
    grant: {
      ...everythingOn([
        'side_menu',
        'user_menu',
        'schools',
        'school',
        'school_campus',
        'users',
        'roles',
        'role',
        'feedback',
        'audit_log',
      ]),
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
    grant: {
      ...campusWork,
      school_campus: [
        'access',
        'tab_configuration',
        'tab_grade_settings',
        'tab_priorities',
        'tab_forms',
        'tab_emails',
        'tab_reminders',
        'tab_sms',
      ],
      users: ['access'],
    },
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
