import type { Action, Subject } from '@openseat/shared/permissions';

/** Side-menu entries: each shows only when the user may access its screen. */
export const MENU: ReadonlyArray<{
  to: string;
  labelKey: string;
  subject: Subject;
  /** The action the screen needs on its subject ('access' unless said). */
  action?: Action;
  systemOnly?: boolean;
}> = [
  { to: '/main/dashboard', labelKey: 'menu.dashboard', subject: 'dashboard' },
  { to: '/main/applications', labelKey: 'menu.applications', subject: 'applications' },
  { to: '/main/applications/selected-list', labelKey: 'menu.selectedList', subject: 'selected_list' },
  { to: '/main/applications/waiting-list', labelKey: 'menu.waitingList', subject: 'waiting_list' },
  { to: '/main/applications/declined-list', labelKey: 'menu.declinedList', subject: 'declined_list' },
  { to: '/main/applications/denied-applications', labelKey: 'menu.deniedApplications', subject: 'denied_applications' },
  { to: '/main/historical', labelKey: 'menu.historical', subject: 'historical' },
  { to: '/main/school-applications', labelKey: 'menu.schoolApplications', subject: 'school_applications' },
  { to: '/main/registration-reviews', labelKey: 'menu.registrationReviews', subject: 'selected_list' },
  { to: '/main/imports', labelKey: 'menu.imports', subject: 'application', action: 'create' },
  { to: '/main/enrollment-settings', labelKey: 'menu.enrollmentSettings', subject: 'enrollment_settings' },
  { to: '/main/priorities-configuration', labelKey: 'menu.priorities', subject: 'priorities_configuration' },
  { to: '/main/application-tags', labelKey: 'menu.tags', subject: 'tags_configuration' },
  { to: '/main/ads/tracking', labelKey: 'menu.adsTracking', subject: 'ads_tracking' },
  { to: '/main/schools', labelKey: 'menu.schools', subject: 'schools' },
  { to: '/main/users', labelKey: 'menu.users', subject: 'users' },
  { to: '/main/roles', labelKey: 'menu.roles', subject: 'roles' },
  { to: '/main/feedback', labelKey: 'menu.feedback', subject: 'feedback' },
  { to: '/main/mail', labelKey: 'menu.mail', subject: 'captured_mail' },
  { to: '/main/failed-messages', labelKey: 'menu.failedMessages', subject: 'application', action: 'resend_email' },
  // the admin console: system users only (a School Admin holds audit_log too)
  { to: '/main/admin', labelKey: 'menu.admin', subject: 'audit_log', systemOnly: true },
];
