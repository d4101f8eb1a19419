import type { FeedbackRow } from '@openseat/shared/schemas/feedback';
import type { FeedbackRecord } from './feedback.repository';

export const screenshotUrl = (id_feedback: number) => `/api/feedback/${id_feedback}/screenshot`;

export const presentFeedback = (row: FeedbackRecord, id_caller: number): FeedbackRow => ({
  id_feedback: row.id_feedback,
  id_school: row.id_school,
  id_campus: row.id_campus,
  id_user: row.id_user,
  authorName: row.authorName,
  isOwn: row.id_user === id_caller,
  id_feedback_type: row.id_feedback_type,
  feedbackType: row.feedbackType,
  id_status_feedback: row.id_status_feedback,
  statusFeedback: row.statusFeedback,
  title: row.title,
  url: row.url,
  description: row.description,
  screen_shot: row.screen_shot ? screenshotUrl(row.id_feedback) : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
