import { useQuery } from '@tanstack/react-query';
import type { Page } from '@openseat/shared/schemas/pagination';
import { http } from '../../../app/client';

export type CapturedMailRow = {
  id_captured_mail: number;
  to: string;
  from: string;
  subject: string;
  createdAt: string;
};
export type CapturedMail = CapturedMailRow & { text: string | null; html: string | null };

export const mailKeys = {
  list: (page: number) => ['mail', 'list', page] as const,
  one: (id: number) => ['mail', id] as const,
};

export const useCapturedMail = (page: number) =>
  useQuery({
    queryKey: mailKeys.list(page),
    queryFn: () => http.get<Page<CapturedMailRow>>('/mail/captured', { page, pageSize: 25 }),
  });

export const useCapturedMailItem = (id: number | null) =>
  useQuery({
    queryKey: mailKeys.one(id ?? 0),
    queryFn: () => http.get<CapturedMail>(`/mail/captured/${id}`),
    enabled: id !== null,
  });
