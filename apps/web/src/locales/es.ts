import type { Translations } from './en';
import { formsEs } from './forms';
import { messagingEs } from './messaging';
import { adminEs } from './admin';
import { feedbackEs } from './feedback';
import { intakeEs } from './intake';
import { adsConversionsEs } from './adsConversions';
import { declineReasonsEs } from './declineReasons';
import { retentionEs } from './retention';
import { familyExportEs } from './familyExport';
import { registrationEs } from './registration';
import { sisHandoffEs } from './sisHandoff';
import { importsEs } from './imports';
import { notificationsEs } from './notifications';
import { adsTrackingEs } from './adsTracking';
import { dashboardEs } from './dashboard';
import { remindersEs } from './reminders';
import { templatesEs } from './templates';
import {
  menuEs,
  userEs,
  commonEs,
  notFoundEs,
  layoutEs,
  breadcrumbsEs,
  contextEs,
  languagesEs,
  themesEs,
} from './shell';
import { loginEs, resetEs } from './auth';
import { settingsEs } from './account';
import { usersEs } from './users';
import { rolesEs, contextsEs, roleTypesEs, systemRolesEs, permissionsEs } from './roles';
import { schoolsEs, campusEs } from './schools';
import { periodsEs } from './enrollment';
import { prioritiesEs, priorityItemsEs } from './priorities';
import { tagsEs } from './tags';
import { mailEs } from './mail';
import { statusesEs, applicationsEs, waitingEs } from './applications';
import { lotteryEs } from './lottery';
import { lotteryPublicEs } from './lotteryPublic';

export const es: Translations = {
  appName: 'OpenSeat',
  login: loginEs,
  reset: resetEs,
  menu: menuEs,
  user: userEs,
  common: commonEs,
  notFound: notFoundEs,
  users: usersEs,
  roles: rolesEs,
  schools: schoolsEs,
  campus: campusEs,
  context: contextEs,
  periods: periodsEs,
  priorities: prioritiesEs,
  tags: tagsEs,
  settings: settingsEs,
  mail: mailEs,
  layout: layoutEs,
  breadcrumbs: breadcrumbsEs,
  contexts: contextsEs,
  roleTypes: roleTypesEs,
  systemRoles: systemRolesEs,
  priorityItems: priorityItemsEs,
  permissions: permissionsEs,
  statuses: statusesEs,
  applications: applicationsEs,
  lottery: lotteryEs,
  lotteryPublic: lotteryPublicEs,
  waiting: waitingEs,
  templates: templatesEs,
  reminders: remindersEs,
  forms: formsEs,
  messaging: messagingEs,
  admin: adminEs,
  feedback: feedbackEs,
  intake: intakeEs,
  adsConversions: adsConversionsEs,
  declineReasons: declineReasonsEs,
  retention: retentionEs,
  familyExport: familyExportEs,
  registration: registrationEs,
  sisHandoff: sisHandoffEs,
  imports: importsEs,
  notifications: notificationsEs,
  adsTracking: adsTrackingEs,
  dashboard: dashboardEs,
  languages: languagesEs,
  themes: themesEs,
};
