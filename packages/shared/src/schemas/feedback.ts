import { z } from 'zod';
import { booleanFlag, description, id, pageNumber, requiredSelect, requiredText, text, wholeNumber } from './rules';
import { pageSize, searchText } from './pagination';

/** Status of a feedback (catalog status_feedback): only system users change it. */
export const FEEDBACK_STATUS = { PENDING: 1, WORKING_ON_IT: 2, DONE: 3 } as const;

export const FeedbackListQuerySchema = z.object({
  page: pageNumber.default(0),
  pageSize: pageSize.default(25),
  text: searchText.optional(),
  id_status_feedback: id.optional(),
});
export type FeedbackListQuery = z.infer<typeof FeedbackListQuerySchema>;

/** The page the feedback was sent from: an http(s) address, or nothing. Other schemes (javascript:) are refused. */
const pageUrl = text('invalidValue')
  .trim()
  .max(2000, { error: 'tooLong' })
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: 'invalidValue' })
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /feedback (multipart): the fields; the image comes as the file part `screen_shot`. */
export const CreateFeedbackRequestSchema = z.object({
  title: requiredText(200),
  id_feedback_type: requiredSelect,
  description,
  url: pageUrl,
});
export type CreateFeedbackRequest = z.infer<typeof CreateFeedbackRequestSchema>;

/**
 * PUT /feedback/{id} (multipart): every field optional. The author changes title, type, description, url and
 * the screenshot (a new `screen_shot` part, or `removeScreenShot=true`); only system users change the status.
 */
export const UpdateFeedbackRequestSchema = z.object({
  title: requiredText(200).optional(),
  id_feedback_type: requiredSelect.optional(),
  description: description.optional(),
  url: pageUrl.optional(),
  id_status_feedback: wholeNumber(FEEDBACK_STATUS.PENDING, FEEDBACK_STATUS.DONE, {
    required: 'invalidValue',
    notNumber: 'invalidValue',
    notWhole: 'invalidValue',
    tooSmall: 'invalidValue',
    tooLarge: 'invalidValue',
  }).optional(),
  removeScreenShot: booleanFlag.optional(),
});
export type UpdateFeedbackRequest = z.infer<typeof UpdateFeedbackRequestSchema>;

export const FeedbackRowSchema = z.object({
  id_feedback: z.number().int(),
  id_school: z.number().int().nullable(),
  id_campus: z.number().int().nullable(),
  id_user: z.number().int().nullable(),
  /** The author's name; null once the author's account is gone. */
  authorName: z.string().nullable(),
  /** The caller wrote it (and so may edit its fields). */
  isOwn: z.boolean(),
  id_feedback_type: z.number().int(),
  feedbackType: z.string(),
  id_status_feedback: z.number().int(),
  statusFeedback: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  description: z.string(),
  /** `/api/feedback/{id}/screenshot`, or null: the stored file name never leaves the server. */
  screen_shot: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackRow = z.infer<typeof FeedbackRowSchema>;
