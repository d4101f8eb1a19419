import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../plugins/types';
import { accountRoutes } from './account/account.routes';
import { applicationsRoutes } from './applications/applications.routes';
import { authRoutes } from './auth/auth.routes';
import { campusesRoutes } from './campuses/campuses.routes';
import { catalogRoutes, scopedLookupRoutes } from './catalog/catalog.routes';
import { enrollmentRoutes } from './enrollment/enrollment.routes';
import { mailRoutes } from './mail/mail.routes';
import { prioritiesRoutes } from './priorities/priorities.routes';
import { rolesRoutes } from './roles/roles.routes';
import { schoolsRoutes } from './schools/schools.routes';
import { tagsRoutes } from './tags/tags.routes';
import { usersRoutes } from './users/users.routes';
import { applicationNotesRoutes } from './application-notes/application-notes.routes';
import { applicationFilesRoutes } from './application-files/application-files.routes';
import { applicationTagsRoutes } from './application-tags/application-tags.routes';
import { userFiltersRoutes } from './user-filters/user-filters.routes';
import { exportsRoutes } from './exports/exports.routes';
import { lotteryRoutes } from './lottery/lottery.routes';
import { schoolYearTransferRoutes } from './school-year-transfer/school-years.routes';
import { waitingListRoutes } from './waiting-list/waiting-list.routes';
import { templatesRoutes } from './templates/templates.routes';
import { remindersRoutes } from './reminders/reminders.routes';
import { formsRoutes } from './forms/forms.routes';
import { messagingRoutes } from './messaging/messaging.routes';
import { adminRoutes } from './admin/admin.routes';
import { feedbackRoutes } from './feedback/feedback.routes';
import { adsConversionsRoutes } from './ads-conversions/ads-conversions.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { adsTrackingRoutes } from './ads-tracking/ads-tracking.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { familyRoutes } from './family/family.routes';
import { familyDocumentRoutes } from './family/family-documents.routes';
import { declineReasonsRoutes } from './decline-reasons/decline-reasons.routes';
import { registrationRoutes } from './registration/registration.routes';
import { sisHandoffRoutes } from './sis-handoff/sis-handoff.routes';
import { importReadRoutes } from './imports/read/import-read.routes';
import { importApplyRoutes } from './imports/apply/import-apply.routes';
import { retentionRoutes } from './retention/retention.routes';
import { familyExportRoutes } from './family-export/family-export.routes';
import { erasureRoutes } from './erasure/erasure.routes';

/** Every feature's routes, registered under /api. */
export const apiModules: Array<(app: FastifyInstance, deps: AppDeps) => Promise<void>> = [
  authRoutes,
  accountRoutes,
  usersRoutes,
  rolesRoutes,
  schoolsRoutes,
  campusesRoutes,
  catalogRoutes,
  scopedLookupRoutes,
  mailRoutes,
  enrollmentRoutes,
  prioritiesRoutes,
  tagsRoutes,
  applicationsRoutes,
  // application records (app-records)
  applicationNotesRoutes,
  applicationFilesRoutes,
  applicationTagsRoutes,
  userFiltersRoutes,
  exportsRoutes,
  schoolYearTransferRoutes,
  waitingListRoutes,
  lotteryRoutes,
  familyRoutes,
  familyDocumentRoutes,
  declineReasonsRoutes,
  registrationRoutes,
  sisHandoffRoutes,
  importReadRoutes,
  importApplyRoutes,
  // communication and intake
  templatesRoutes,
  remindersRoutes,
  formsRoutes,
  messagingRoutes,
  // admin console
  adminRoutes,
  // feedback
  feedbackRoutes,
  adsConversionsRoutes,
  notificationsRoutes,
  adsTrackingRoutes,
  dashboardRoutes,
  retentionRoutes,
  familyExportRoutes,
  erasureRoutes,
];
