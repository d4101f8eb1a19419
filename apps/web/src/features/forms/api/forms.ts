import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type {
  CampusFormRequest,
  CampusFormRow,
  SubmissionCsvRequest,
  SubmissionRow,
} from '@openseat/shared/schemas/communication';
import type { CampusSchoolYearRow } from '@openseat/shared/schemas/enrollment';
import type { Page } from '@openseat/shared/schemas/pagination';
import { http } from '../../../lib/client';

type Saved<T> = { message: string; data: T };
export type SubmissionCsv = { headers: Array<{ key: string; label: string }>; data: Array<Record<string, string>> };

export const formKeys = {
  all: ['forms'] as const,
  list: (id_campus: number) => ['forms', 'list', id_campus] as const,
  review: (id_campus: number, page: number, exactTotal = false) =>
    ['forms', 'review', id_campus, page, exactTotal] as const,
  ofApplication: (id_application: number) => ['forms', 'application', id_application] as const,
  periods: (id_campus: number) => ['forms', 'periods', id_campus] as const,
};

export const useCampusForms = (id_campus: number) =>
  useQuery({
    queryKey: formKeys.list(id_campus),
    queryFn: () => http.get<CampusFormRow[]>('/campus-form', { id_campus }),
  });

/** The campus's school periods, for the form's period select. */
export const useCampusPeriods = (id_campus: number) =>
  useQuery({
    queryKey: formKeys.periods(id_campus),
    queryFn: () => http.get<CampusSchoolYearRow[]>('/catalog/campus-school-years', { id_campus }),
  });

/** Deliveries kept for review (nothing matched them). */
/** The submissions to review, a page; `exactTotal`: counted however many (by default up to LIST_TOTAL_BOUND). */
export const useReviewSubmissions = (id_campus: number, page: number, pageSize: number, exactTotal: boolean) =>
  useQuery({
    queryKey: formKeys.review(id_campus, page, exactTotal),
    queryFn: () =>
      http.get<Page<SubmissionRow>>('/campus-form/submissions', {
        id_campus,
        status: 'needs_review',
        page,
        pageSize,
        ...(exactTotal ? { exactTotal } : {}),
      }),
  });

export const useApplicationSubmissions = (id_application: number) =>
  useQuery({
    queryKey: formKeys.ofApplication(id_application),
    queryFn: () => http.get<SubmissionRow[]>(`/application/${id_application}/submissions`),
  });

/** Create without an id, update with one; the campus's forms are refreshed (another may have lost its flag). */
export function useSaveForm() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ id, body }: { id?: number; body: CampusFormRequest }) =>
      id
        ? http.put<Saved<CampusFormRow>>(`/campus-form/${id}`, body)
        : http.post<Saved<CampusFormRow>>('/campus-form', body),
    onSuccess: () => client.invalidateQueries({ queryKey: formKeys.all }),
  });
}

export function useDeleteForm() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: number) => http.del<{ message: string }>(`/campus-form/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: formKeys.all }),
  });
}

/** A new webhook secret: answered once, never again. */
export function useGenerateSecret() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: number) => http.post<Saved<{ secret: string }>>(`/campus-form/${id}/secret`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: formKeys.all }),
  });
}

export const fetchSubmissionCsv = (body: SubmissionCsvRequest) =>
  http.post<SubmissionCsv>('/application/submission-to-csv', body);

/** The export's JSON as a CSV file the browser downloads (shared with the lists' Export menu). */
export { saveCsv } from '../../../lib/download';
