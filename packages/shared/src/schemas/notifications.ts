import { z } from 'zod';
import { booleanFlag, id, pageNumber } from './rules';
import { pageSize } from './pagination';

/** Ids of the catalog notification_settings_type (reference-data.ts). */
export const NOTIFICATION_TYPE = { STATUS_CHANGE: 1, NEW_APPLICATION: 2, REMINDER: 3, FORM_SUBMISSION: 4 } as const;
export type NotificationTypeId = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];

/**
 * The types the product notifies about, in the order the settings show them. 'reminder' stays in the catalog
 * (spec section 3) but nothing sends it in-app yet, so it has no switch.
 */
export const NOTIFICATION_TYPES: readonly NotificationTypeId[] = [
  NOTIFICATION_TYPE.STATUS_CHANGE,
  NOTIFICATION_TYPE.NEW_APPLICATION,
  NOTIFICATION_TYPE.FORM_SUBMISSION,
];

/** The badge asks again this often (milliseconds). */
export const NOTIFICATION_POLL_MS = 30_000;

export const NotificationSettingSchema = z.object({
  id_notification_settings_type: z.number().int(),
  /** The catalog name ('status change', 'new application', 'form submission'). */
  name: z.string(),
  enabled: z.boolean(),
});
export type NotificationSetting = z.infer<typeof NotificationSettingSchema>;

export const NotificationSettingsSchema = z
  .object({ settings: z.array(NotificationSettingSchema) })
  .describe("The caller's switch for every notification type (a type never switched is on)");
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

const notificationType = id.refine((v) => (NOTIFICATION_TYPES as readonly number[]).includes(v), {
  error: 'invalidValue',
});

/** POST /notification-settings: the switches to change; types not listed keep their state. */
export const SaveNotificationSettingsRequestSchema = z.object({
  settings: z
    .array(z.object({ id_notification_settings_type: notificationType, enabled: booleanFlag }))
    .max(20, { error: 'invalidValue' }),
});
export type SaveNotificationSettingsRequest = z.infer<typeof SaveNotificationSettingsRequestSchema>;

export const NotificationListQuerySchema = z.object({
  page: pageNumber.default(0),
  pageSize: pageSize.default(10),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/**
 * One unread notification, as its parts: the client renders it in the reader's language (type + parts), and
 * `message` is the English rendering for plain readers.
 */
export const NotificationRowSchema = z.object({
  id_notification: z.number().int(),
  id_notification_settings_type: z.number().int(),
  /** Null for a row that stands for several applications (`count` > 1). */
  id_application: z.number().int().nullable(),
  /** The application's number in the school, when there is one application. */
  correlative: z.number().int().nullable(),
  applicantName: z.string().nullable(),
  id_campus: z.number().int().nullable(),
  /** How many applications the row stands for (1 unless a bulk move or a lottery). */
  count: z.number().int(),
  id_status: z.number().int().nullable(),
  id_status_from: z.number().int().nullable(),
  /** The form's name, for a form submission. */
  form: z.string().nullable(),
  /** Who did it; null: the system (a scheduled job, a form delivery). */
  actorName: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type NotificationRow = z.infer<typeof NotificationRowSchema>;

export const NotificationPageSchema = z
  .object({
    data: z.array(NotificationRowSchema),
    /** Every unread notification of the caller (the badge). */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .describe("One page of the caller's unread notifications, newest first, and how many are unread");
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const MarkReadResponseSchema = z
  .object({ marked: z.number().int(), unread: z.number().int() })
  .describe('How many were marked read, and how many are still unread');
export type MarkReadResponse = z.infer<typeof MarkReadResponseSchema>;
