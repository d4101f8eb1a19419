import { describe, expect, it } from 'vitest';
import { buildAbility } from './ability';
import { ACTIONS, SUBJECTS, actionById, actionId, subjectById, subjectId } from './permissions';

/**
 * The ids stored in `permission` rows since the first release. They must never change meaning: a subject or
 * action added later takes a new id, wherever it sits in the list.
 */
const STORED_SUBJECT_IDS: Array<[number, string]> = [
  [1, 'side_menu'],
  [2, 'user_menu'],
  [3, 'dashboard'],
  [4, 'applications'],
  [5, 'denied_applications'],
  [6, 'selected_list'],
  [7, 'waiting_list'],
  [8, 'declined_list'],
  [9, 'historical'],
  [10, 'application'],
  [11, 'enrollment_settings'],
  [12, 'priorities_configuration'],
  [13, 'school_year_spots'],
  [14, 'schools'],
  [15, 'school'],
  [16, 'school_campus'],
  [17, 'users'],
  [18, 'roles'],
  [19, 'role'],
  [20, 'tags_configuration'],
  [21, 'ads_tracking'],
  [22, 'campus_school_period_popup'],
  [23, 'school_applications'],
  [24, 'feedback'],
  [25, 'captured_mail'],
  [26, 'audit_log'],
];

const STORED_ACTION_IDS: Array<[number, string]> = [
  [1, 'access'],
  [2, 'create'],
  [3, 'edit'],
  [4, 'delete'],
  [5, 'enable_disable'],
  [6, 'export_csv'],
  [7, 'run_lottery'],
  [8, 'move_to_selected_or_waiting'],
  [9, 'move_to_confirmed'],
  [10, 'move_to_enrolled'],
  [11, 'move_to_declined'],
  [12, 'move_to_waiting'],
  [13, 'move_to_offered'],
  [14, 'move_to_denied'],
  [15, 'transfer_spot'],
  [16, 'reorder_waiting_list'],
  [17, 'send_message_to_declined'],
  [18, 'start_school_year'],
  [19, 'finalize_school_year'],
  [20, 'tab_configuration'],
  [21, 'tab_campuses'],
  [22, 'tab_users'],
  [23, 'tab_grade_settings'],
  [24, 'tab_forms'],
  [25, 'tab_emails'],
  [26, 'tab_permissions'],
  [27, 'tab_priorities'],
  [28, 'tab_reminders'],
  [29, 'tab_sms'],
  [30, 'edit_info'],
  [31, 'resend_email'],
  [32, 'previous_status'],
  [33, 'status_movement'],
  [34, 'upload_file'],
  [35, 'delete_file'],
  [36, 'view_notes'],
  [37, 'manage_notes'],
  [38, 'download_application'],
  [39, 'copy_applications'],
  [40, 'transfer_applications'],
  [41, 'manage_tags'],
  [42, 'send_custom_email'],
  [43, 'deny_application'],
  [44, 'save_details'],
  [45, 'show_campuses_selector'],
  [46, 'show_school_periods_selector'],
];

describe('permission ids', () => {
  it('keep the meaning of every stored subject and action id', () => {
    for (const [id, name] of STORED_SUBJECT_IDS) {
      expect(subjectById(id), `subject ${id}`).toBe(name);
      expect(subjectId(name as never)).toBe(id);
    }
    for (const [id, name] of STORED_ACTION_IDS) {
      expect(actionById(id), `action ${id}`).toBe(name);
      expect(actionId(name as never)).toBe(id);
    }
  });

  it('are explicit and unique, not positions in a list', () => {
    const subjectIds = SUBJECTS.map(subjectId);
    const actionIds = ACTIONS.map(actionId);
    expect(new Set(subjectIds).size).toBe(SUBJECTS.length);
    expect(new Set(actionIds).size).toBe(ACTIONS.length);
    expect(subjectById(0)).toBeUndefined();
    expect(subjectById(Math.max(...subjectIds) + 1)).toBeUndefined();
    expect(actionById(Math.max(...actionIds) + 1)).toBeUndefined();
  });
});

describe('ability', () => {
  it('a stored rule that its screen does not offer grants nothing (captured mail is SuperAdmin only)', () => {
    const support = buildAbility({
      roleName: 'System Support',
      rules: [
        { subject: 'captured_mail', action: 'access' },
        { subject: 'dashboard', action: 'run_lottery' },
        { subject: 'schools', action: 'access' },
      ],
    });
    expect(support.can('access', 'captured_mail')).toBe(false);
    expect(support.can('run_lottery', 'dashboard')).toBe(false);
    expect(support.can('access', 'schools')).toBe(true);
    expect(buildAbility({ roleName: 'SuperAdmin', rules: [] }).can('access', 'captured_mail')).toBe(true);
  });
});
