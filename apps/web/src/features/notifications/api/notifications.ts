import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import { useEffect } from 'react';
import {
  NOTIFICATION_POLL_MS,
  type MarkReadResponse,
  type NotificationPage,
  type NotificationSettings,
  type SaveNotificationSettingsRequest,
} from '@openseat/shared/schemas/notifications';
import { http } from '../../../lib/client';

export const notificationKeys = {
  all: ['notifications'] as const,
  allUnread: ['notifications', 'unread'] as const,
  unread: (page: number, pageSize: number) => ['notifications', 'unread', page, pageSize] as const,
  settings: ['notifications', 'settings'] as const,
};

/** The caller's unread notifications, newest first; `total` is the badge. Polled while the app is open. */
export const useUnreadNotifications = (page: number, pageSize: number) =>
  useQuery({
    queryKey: notificationKeys.unread(page, pageSize),
    queryFn: () => http.get<NotificationPage>('/notification-settings/unread', { page, pageSize }),
    refetchInterval: NOTIFICATION_POLL_MS,
    placeholderData: keepPreviousData,
  });

export const useNotificationSettings = (enabled = true) =>
  useQuery({
    queryKey: notificationKeys.settings,
    queryFn: () => http.get<NotificationSettings>('/notification-settings'),
    enabled,
  });

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (body: SaveNotificationSettingsRequest) =>
      http.post<{ message: string; data: NotificationSettings }>('/notification-settings', body),
    onSuccess: (saved) => client.setQueryData(notificationKeys.settings, saved.data),
  });
}

/** Marks read: one notification, every one, or those of an application; the lists and badge refresh. */
export function useMarkRead() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (which: { id_notification: number } | { id_application: number } | 'all') =>
      http.post<MarkReadResponse>(
        which === 'all'
          ? '/notification/read-all'
          : 'id_notification' in which
            ? `/notification/${which.id_notification}/read`
            : `/notification/application/${which.id_application}/read`,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.allUnread }),
  });
}

/** Opening an application reads the caller's notifications about it (spec section 4). */
export function useReadNotificationsOf(id_application: number) {
  const { mutate } = useMarkRead();
  useEffect(() => {
    mutate({ id_application });
  }, [id_application, mutate]);
}
