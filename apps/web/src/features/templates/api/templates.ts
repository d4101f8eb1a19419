import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type { ApplicationPage } from '@openseat/shared/schemas/applications';
import type {
  CampusEmailRow,
  CampusTextMessageRow,
  EmailTemplateRequest,
  TemplatePreview,
  TemplatePreviewRequest,
  TextMessageTemplateRequest,
} from '@openseat/shared/schemas/communication';
import type { Page } from '@openseat/shared/schemas/pagination';
import { http } from '../../../lib/client';

/** E-mail and SMS templates of a campus (docs/api-templates.md). */

type Saved<T> = { message: string; data: T };
export type TemplateKind = 'email' | 'sms';
export type TemplateListParams = { page: number; pageSize: number; text: string; id_type: number | null };

export const templateKeys = {
  all: (kind: TemplateKind) => ['templates', kind] as const,
  messageTypes: (kind: TemplateKind) => ['catalog', kind === 'email' ? 'email-type' : 'text-message-type'] as const,
  applicationChoices: (id_campus: number, text: string) => ['templates', 'applications', id_campus, text] as const,
  list: (kind: TemplateKind, id_campus: number, p: TemplateListParams) =>
    ['templates', kind, 'list', id_campus, p] as const,
};

/** Query parameters without the empty ones (an empty text or no type filter is not sent). */
const queryOf = (p: TemplateListParams) => ({
  page: p.page,
  pageSize: p.pageSize,
  ...(p.text.trim() ? { text: p.text.trim() } : {}),
  ...(p.id_type !== null ? { id_type: p.id_type } : {}),
});

export const useEmailTemplates = (id_campus: number, params: TemplateListParams, enabled = true) =>
  useQuery({
    enabled,
    queryKey: templateKeys.list('email', id_campus, params),
    queryFn: () => http.get<Page<CampusEmailRow>>('/email/campus/all', { id_campus, ...queryOf(params) }),
    placeholderData: keepPreviousData,
  });

export const useSmsTemplates = (id_campus: number, params: TemplateListParams, enabled = true) =>
  useQuery({
    enabled,
    queryKey: templateKeys.list('sms', id_campus, params),
    queryFn: () => http.get<Page<CampusTextMessageRow>>(`/sms/campus/all/${id_campus}`, queryOf(params)),
    placeholderData: keepPreviousData,
  });

/** Create without an id, update with one; the lists of that kind are refreshed. */
export function useSaveEmailTemplate() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ id, body }: { id?: number; body: EmailTemplateRequest }) =>
      id
        ? http.put<Saved<CampusEmailRow>>(`/email/campus/${id}`, body)
        : http.post<Saved<CampusEmailRow>>('/email/campus', body),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all('email') }),
  });
}

export function useSaveSmsTemplate() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ id, body }: { id?: number; body: TextMessageTemplateRequest }) =>
      id
        ? http.put<Saved<CampusTextMessageRow>>(`/sms/campus/${id}`, body)
        : http.post<Saved<CampusTextMessageRow>>('/sms/campus', body),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all('sms') }),
  });
}

export function useDeleteTemplate(kind: TemplateKind) {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: number) => http.del<{ message: string }>(`/${kind}/campus/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all(kind) }),
  });
}

/** Renders the template as typed on a real application of the campus. */
export const usePreviewTemplate = (kind: TemplateKind) =>
  useWriteMutation({
    mutationFn: (body: TemplatePreviewRequest) => http.post<TemplatePreview>(`/${kind}/campus/preview`, body),
  });

export type MessageType = { id: number; name: string };

/** The e-mail type or text message type catalog (1 status change, 2 reminder, 3 manually sent). */
export const useMessageTypes = (kind: TemplateKind) =>
  useQuery({
    queryKey: templateKeys.messageTypes(kind),
    queryFn: async (): Promise<MessageType[]> => {
      if (kind === 'email') {
        const rows = await http.get<Array<{ id_email_type: number; name: string }>>('/catalog/email-type');
        return rows.map((r) => ({ id: r.id_email_type, name: r.name }));
      }
      const rows = await http.get<Array<{ id_text_message_type: number; name: string }>>('/catalog/text-message-type');
      return rows.map((r) => ({ id: r.id_text_message_type, name: r.name }));
    },
    staleTime: Infinity,
  });

/** Applications of the campus whose names match `text`, to preview a template on (the inbox list). */
export const useApplicationChoices = (id_campus: number, text: string, enabled: boolean) =>
  useQuery({
    queryKey: templateKeys.applicationChoices(id_campus, text),
    queryFn: () =>
      http.get<ApplicationPage>('/application', {
        id_campus,
        pageSize: 10,
        ...(text.trim() ? { text: text.trim() } : {}),
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
