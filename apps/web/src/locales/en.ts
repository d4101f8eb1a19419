import { formsEn } from './forms';
import { messagingEn } from './messaging';
import { adminEn } from './admin';
import { feedbackEn } from './feedback';
import { intakeEn } from './intake';
import { adsConversionsEn } from './adsConversions';
import { declineReasonsEn } from './declineReasons';
import { retentionEn } from './retention';
import { familyExportEn } from './familyExport';
import { registrationEn } from './registration';
import { sisHandoffEn } from './sisHandoff';
import { importsEn } from './imports';
import { notificationsEn } from './notifications';
import { adsTrackingEn } from './adsTracking';
import { dashboardEn } from './dashboard';
import { remindersEn } from './reminders';
import { templatesEn } from './templates';
import {
  menuEn,
  userEn,
  commonEn,
  notFoundEn,
  layoutEn,
  breadcrumbsEn,
  contextEn,
  languagesEn,
  themesEn,
} from './shell';
import { loginEn, resetEn } from './auth';
import { settingsEn } from './account';
import { usersEn } from './users';
import { rolesEn, contextsEn, roleTypesEn, systemRolesEn, permissionsEn } from './roles';
import { schoolsEn, campusEn } from './schools';
import { periodsEn } from './enrollment';
import { prioritiesEn, priorityItemsEn } from './priorities';
import { tagsEn } from './tags';
import { mailEn } from './mail';
import { statusesEn, applicationsEn, waitingEn } from './applications';
import { lotteryEn } from './lottery';
import { lotteryPublicEn } from './lotteryPublic';

/** English UI text. Validation messages come from @openseat/shared/messages. */
export const en = {
  appName: 'OpenSeat',
  login: loginEn,
  reset: resetEn,
  menu: menuEn,
  user: userEn,
  common: commonEn,
  notFound: notFoundEn,
  users: usersEn,
  roles: rolesEn,
  schools: schoolsEn,
  campus: campusEn,
  context: contextEn,
  periods: periodsEn,
  priorities: prioritiesEn,
  tags: tagsEn,
  settings: settingsEn,
  mail: mailEn,
  layout: layoutEn,
  breadcrumbs: breadcrumbsEn,
  contexts: contextsEn,
  roleTypes: roleTypesEn,
  systemRoles: systemRolesEn,
  priorityItems: priorityItemsEn,
  permissions: permissionsEn,
  statuses: statusesEn,
  applications: applicationsEn,
  lottery: lotteryEn,
  lotteryPublic: lotteryPublicEn,
  waiting: waitingEn,
  templates: templatesEn,
  reminders: remindersEn,
  forms: formsEn,
  messaging: messagingEn,
  admin: adminEn,
  feedback: feedbackEn,
  intake: intakeEn,
  adsConversions: adsConversionsEn,
  declineReasons: declineReasonsEn,
  retention: retentionEn,
  familyExport: familyExportEn,
  registration: registrationEn,
  sisHandoff: sisHandoffEn,
  imports: importsEn,
  notifications: notificationsEn,
  adsTracking: adsTrackingEn,
  dashboard: dashboardEn,
  languages: languagesEn,
  themes: themesEn,
};

export type Translations = typeof en;
