import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type { FeedbackRow } from '@openseat/shared/schemas/feedback';
import type { Page } from '@openseat/shared/schemas/pagination';
import { http } from '../../../lib/client';

type Saved = { message: string; data: FeedbackRow };
export type FeedbackListParams = { page: number; pageSize: number; text: string; id_status_feedback?: number };

export const feedbackKeys = {
  all: ['feedback'] as const,
  list: (p: FeedbackListParams) => ['feedback', 'list', p] as const,
  screenshot: (row: FeedbackRow) => ['feedback', 'screenshot', row.id_feedback, row.updatedAt] as const,
  noScreenshot: ['feedback', 'screenshot', 0] as const,
};

export const useFeedbackList = (params: FeedbackListParams) =>
  useQuery({
    queryKey: feedbackKeys.list(params),
    queryFn: () => http.get<Page<FeedbackRow>>('/feedback', params),
    placeholderData: keepPreviousData,
  });

/** The screenshot, read through the authorised client (an `<img src>` would carry no token). */
export const useFeedbackScreenshot = (row: FeedbackRow | null) =>
  useQuery({
    queryKey: row ? feedbackKeys.screenshot(row) : feedbackKeys.noScreenshot,
    queryFn: async () =>
      (await http.request<Response>('GET', row!.screen_shot!.replace(/^\/api/, ''), { raw: true })).blob(),
    enabled: Boolean(row?.screen_shot),
    staleTime: Infinity,
  });

export type FeedbackChange = {
  title?: string;
  id_feedback_type?: number;
  description?: string;
  url?: string | null;
  id_status_feedback?: number;
  /** A new image (replaces the stored one). */
  screenShot?: Blob | null;
  removeScreenShot?: boolean;
};

/** The multipart form of POST and PUT /feedback: every field as a string, the image as `screen_shot`. */
function toForm(change: FeedbackChange) {
  const form = new FormData();
  for (const key of ['title', 'id_feedback_type', 'description', 'url', 'id_status_feedback'] as const) {
    const value = change[key];
    if (value !== undefined) form.append(key, value === null ? '' : String(value));
  }
  if (change.removeScreenShot) form.append('removeScreenShot', 'true');
  if (change.screenShot) form.append('screen_shot', change.screenShot, 'screenshot.png');
  return form;
}

/** Create without an id, update with one; every feedback list is refreshed. */
export function useSaveFeedback() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ id_feedback, change }: { id_feedback?: number; change: FeedbackChange }) =>
      id_feedback
        ? http.request<Saved>('PUT', `/feedback/${id_feedback}`, { form: toForm(change) })
        : http.request<Saved>('POST', '/feedback', { form: toForm(change) }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

export function useDeleteFeedback() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (id_feedback: number) => http.del<{ message: string }>(`/feedback/${id_feedback}`),
    onSuccess: () => client.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
