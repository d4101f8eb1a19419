import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Channel, MessageState } from '@openseat/shared/communication';
import type { CapturedSms, OutboxEntry } from '@openseat/shared/schemas/communication';
import type { Page } from '@openseat/shared/schemas/pagination';
import { http } from '../../../lib/client';

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
  sms: (page: number) => ['mail', 'sms', page] as const,
  smsOne: (id: number) => ['mail', 'sms', 'one', id] as const,
  outbox: (p: OutboxParams) => ['mail', 'outbox', p] as const,
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

export type OutboxParams = { page: number; status: MessageState | ''; channel: Channel | '' };

/** Every school's messages (SuperAdmin): what is queued, sent, delivered, failed or skipped. */
export const useOutbox = (params: OutboxParams) =>
  useQuery({
    queryKey: mailKeys.outbox(params),
    queryFn: () =>
      http.get<Page<OutboxEntry>>('/communication/outbox', {
        page: params.page,
        pageSize: 25,
        status: params.status,
        channel: params.channel,
      }),
    placeholderData: keepPreviousData,
  });

export const useCapturedSms = (page: number) =>
  useQuery({
    queryKey: mailKeys.sms(page),
    queryFn: () => http.get<Page<CapturedSms>>('/mail/captured-sms', { page, pageSize: 25 }),
  });

export const useCapturedSmsItem = (id: number | null) =>
  useQuery({
    queryKey: mailKeys.smsOne(id ?? 0),
    queryFn: () => http.get<CapturedSms>(`/mail/captured-sms/${id}`),
    enabled: id !== null,
  });
