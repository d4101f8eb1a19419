import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type {
  CampusEmailRow,
  CampusTextMessageRow,
  ReminderRequest,
  ReminderRow,
} from '@openseat/shared/schemas/communication';
import type { Page } from '@openseat/shared/schemas/pagination';
import { http } from '../../../lib/client';

type Saved<T> = { message: string; data: T };

export const reminderKeys = {
  all: ['reminders'] as const,
  list: (id_campus: number) => ['reminders', 'list', id_campus] as const,
  /** The campus's templates as the reminder dialog offers them (the templates screens own their own keys). */
  emails: (id_campus: number) => ['reminders', 'emails', id_campus] as const,
  texts: (id_campus: number) => ['reminders', 'texts', id_campus] as const,
};

export const useReminders = (id_campus: number) =>
  useQuery({
    queryKey: reminderKeys.list(id_campus),
    queryFn: () => http.get<ReminderRow[]>(`/reminder/campus/all/${id_campus}`),
  });

/** A page of rows, or a whole list: the template routes answer a page; a plain list is read the same way. */
const rowsOf = <T>(answer: Page<T> | T[]): T[] => (Array.isArray(answer) ? answer : answer.data);

/** The campus's e-mail templates (up to 200), always fresh: they may have just been made in the E-mails tab. */
export const useCampusEmails = (id_campus: number) =>
  useQuery({
    queryKey: reminderKeys.emails(id_campus),
    queryFn: async () =>
      rowsOf(
        await http.get<Page<CampusEmailRow> | CampusEmailRow[]>('/email/campus/all', { id_campus, pageSize: 200 }),
      ),
    staleTime: 0,
  });

export const useCampusTextMessages = (id_campus: number) =>
  useQuery({
    queryKey: reminderKeys.texts(id_campus),
    queryFn: async () =>
      rowsOf(
        await http.get<Page<CampusTextMessageRow> | CampusTextMessageRow[]>(`/sms/campus/all/${id_campus}`, {
          pageSize: 200,
        }),
      ),
    staleTime: 0,
  });

/** Create without an id, update with one; the campus's list is refreshed. */
export function useSaveReminder() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ id_reminder, body }: { id_reminder?: number; body: ReminderRequest }) =>
      id_reminder
        ? http.put<Saved<ReminderRow>>(`/reminder/campus/${id_reminder}`, body)
        : http.post<Saved<ReminderRow>>('/reminder/campus', body),
    onSuccess: () => client.invalidateQueries({ queryKey: reminderKeys.all }),
  });
}

export function useDeleteReminder() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (id_reminder: number) => http.del<{ message: string }>(`/reminder/campus/${id_reminder}`),
    onSuccess: () => client.invalidateQueries({ queryKey: reminderKeys.all }),
  });
}
