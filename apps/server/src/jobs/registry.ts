import { sendConversion } from '../modules/ads-conversions/ads-conversions.jobs';
import { dispatchOutbox } from '../modules/communication/outbox.jobs';
import { releaseDueHoldsJob } from '../modules/communication/message-holds.jobs';
import { statusMessagesJob } from '../modules/communication/status-messages';
import { sendAccountMail } from '../modules/account-mail/account-mail.jobs';
import { sendSignInSms } from '../modules/family/family.jobs';
import { sendRemindersJob } from '../modules/reminders/reminders.jobs';
import { copyApplications } from '../modules/school-year-transfer/application-copy.jobs';
import { commitImportJob } from '../modules/imports/apply/import-apply.jobs';
import { forgetImportFilesJob } from '../modules/imports/read/import-files.jobs';
import { expireOffersJob } from '../modules/waiting-list/offer-expiry.jobs';
import { retentionRunJob, retentionScheduleJob } from '../modules/retention/retention.jobs';
import { databaseMaintenanceJob } from './database-maintenance';
import type { JobDefinition } from './job';

/** Every job the workers run. A job that is not listed here cannot be enqueued. */
export const JOBS: readonly JobDefinition<unknown>[] = [
  sendAccountMail,
  copyApplications as JobDefinition<unknown>,
  expireOffersJob as JobDefinition<unknown>,
  dispatchOutbox as JobDefinition<unknown>,
  sendRemindersJob as JobDefinition<unknown>,
  statusMessagesJob as JobDefinition<unknown>,
  sendConversion as JobDefinition<unknown>,
  databaseMaintenanceJob as JobDefinition<unknown>,
  releaseDueHoldsJob as JobDefinition<unknown>,
  sendSignInSms as JobDefinition<unknown>,
  commitImportJob as JobDefinition<unknown>,
  forgetImportFilesJob as JobDefinition<unknown>,
  retentionRunJob as JobDefinition<unknown>,
  retentionScheduleJob as JobDefinition<unknown>,
];
