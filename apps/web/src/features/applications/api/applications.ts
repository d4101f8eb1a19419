import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type {
  ApplicationCreate,
  ApplicationCreated,
  ApplicationDetail,
  DuplicateCheck,
  ApplicationListQuery,
  ApplicationPage,
  ApplicationUpdate,
  StatusMove,
  StatusMoveResult,
  TransferSpot,
} from '@openseat/shared/schemas/applications';
import type {
  ApplicationTagBulk,
  ApplicationTagBulkResult,
  ApplicationTagRequest,
  CopyJob,
  ExportFormat,
  NoteCreate,
  SchoolYearMove,
  UserFilterList,
} from '@openseat/shared/schemas/application-records';
import type { CampusYearGradeRow, TagRow } from '@openseat/shared/schemas/enrollment';
import type { WaitingListReorder, WaitingPlace } from '@openseat/shared/schemas/lottery';
import type { ErasurePreview, ErasureRequest, ErasureScope } from '@openseat/shared/schemas/erasure';
import type { Page } from '@openseat/shared/schemas/pagination';
import type { RecordRead } from '@openseat/shared/schemas/record-access';
import { campusSchoolYearsQuery } from '../../../hooks/working-context';
import { http } from '../../../lib/client';
import { applicationKeys as sharedApplicationKeys } from '../../../lib/query-keys';
import { downloadCsv, downloadFile as downloadAs, saveCsv, type JsonTable } from '../../../lib/download';
import { withSavedItems } from '../saved-filters';

/** What a list screen asks for: the list type and its filters, without the server's defaults filled in. */
export type ListParams = Pick<ApplicationListQuery, 'type' | 'page' | 'pageSize'> &
  Partial<
    Pick<
      ApplicationListQuery,
      'id_campus' | 'id_school_year' | 'text' | 'id_grade' | 'id_status' | 'sort' | 'direction' | 'exactTotal'
    >
  >;

export const applicationKeys = {
  all: sharedApplicationKeys.all,
  list: (p: ListParams) => ['applications', 'list', p] as const,
  detail: (id: number) => ['applications', 'detail', id] as const,
  readers: (id: number, page: number) => ['applications', 'readers', id, page] as const,
  tags: (id_campus: number | null | undefined) => ['applications', 'tags', id_campus] as const,
  schoolYearTargets: (applicationIds: number[]) => ['applications', 'school-year-targets', applicationIds] as const,
  copy: (id: number | null) => ['applications', 'copy', id] as const,
  spots: (id_campus_year: number | null) => ['applications', 'spots', id_campus_year] as const,
  savedFilters: (listType: number) => ['user-filters', listType] as const,
  guardianTypes: ['catalog', 'guardian-type'] as const,
};

/** Empty filters are dropped from the query (spec section 5). */
const withoutEmpty = (params: ListParams) =>
  Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
  ) as Record<string, string | number>;

export const useApplications = (params: ListParams, enabled = true) =>
  useQuery({
    queryKey: applicationKeys.list(params),
    queryFn: () => http.get<ApplicationPage>('/application', withoutEmpty(params)),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Who saw this child: every read of the application's record, newest first (for the audit log's readers). */
export const useRecordReaders = (id: number, page: number, pageSize: number) =>
  useQuery({
    queryKey: applicationKeys.readers(id, page),
    queryFn: () => http.get<Page<RecordRead>>(`/application/${id}/readers`, { page, pageSize }),
    placeholderData: keepPreviousData,
  });

export const useApplication = (id: number) =>
  useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: () => http.get<ApplicationDetail>(`/application/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

/** Every list and detail shows the change at once (a move takes rows out of one list and into another). */
function useRefreshingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useWriteMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: applicationKeys.all }) });
}

/** What deleting this student's or family's personal data would remove (deletion on request). */
export const useErasurePreview = (id: number, scope: ErasureScope) =>
  useQuery({
    queryKey: [...applicationKeys.all, 'erasure', id, scope] as const,
    queryFn: () => http.get<ErasurePreview>(`/application/${id}/erasure`, { scope }),
  });

export const useErase = (id: number) =>
  useRefreshingMutation((request: ErasureRequest) =>
    http.post<{ message: string }>(`/application/${id}/erasure`, request),
  );

export const useMoveApplications = () =>
  useRefreshingMutation((move: StatusMove) => http.put<StatusMoveResult>('/application/status', move));

export const usePreviousStatus = () =>
  useRefreshingMutation((id_application: number) =>
    http.put<StatusMoveResult>('/application/status/previous', { id_application }),
  );

export const useMarkRead = () =>
  useRefreshingMutation((id_application: number) =>
    http.put<{ message: string }>(`/application/read/${id_application}`),
  );

export const useMarkUnread = () =>
  useRefreshingMutation((applicationIds: number[]) =>
    http.put<{ message: string }>('/application/unread', { applicationIds }),
  );

export const useAddNote = () =>
  useRefreshingMutation((note: NoteCreate) => http.post<{ message: string }>('/application/notes', note));

/** The spec's "full submission data" CSV: every form submission of the campus, one column per question. */
export async function exportSubmissions(id_campus: number) {
  const table = await http.post<JsonTable>('/application/submission-to-csv', { id_campus });
  saveCsv(table, 'full-submission-data.csv');
}

/** Downloads the list as CSV in one of the formats (the filters of the list, no page). */
export function exportList(params: ListParams, format: ExportFormat) {
  const { page: _page, pageSize: _size, ...filters } = params;
  return downloadCsv('/application/export', `applications-${format}.csv`, {
    ...withoutEmpty({ ...filters } as ListParams),
    format,
  });
}

/** Uploads a file to an application; `onProgress` hears the share sent (0..1). */
export const useUploadFile = () =>
  useRefreshingMutation(
    ({
      id_application,
      file,
      onProgress,
    }: {
      id_application: number;
      file: File;
      onProgress: (share: number) => void;
    }) => {
      const form = new FormData();
      form.append('id_application', String(id_application));
      form.append('file', file);
      return http.request<{ message: string }>('POST', '/application/upload-file', {
        form,
        onUploadProgress: onProgress,
      });
    },
  );

export const useDeleteFile = () =>
  useRefreshingMutation((id_application_file: number) =>
    http.request<{ message: string }>('DELETE', '/application/delete-file', { query: { id_application_file } }),
  );

/** Downloads a stored file through the authorised client (the token never goes into a URL). */
export const downloadFile = (id_application_file: number, name: string) =>
  downloadAs(`/application/file/${id_application_file}`, name);

/** The tags of a campus, for tagging and the tag filter (any signed-in user in scope may read them). */
export const useCampusTags = (id_campus: number | null | undefined) =>
  useQuery({
    queryKey: applicationKeys.tags(id_campus),
    queryFn: () => http.get<Page<TagRow>>('/tag', { id_campus: id_campus!, page: 0, pageSize: 100 }),
    enabled: typeof id_campus === 'number',
  });

export const useTagApplication = () =>
  useRefreshingMutation(({ add, ...pair }: ApplicationTagRequest & { add: boolean }) =>
    add
      ? http.post<{ message: string }>('/application-tag', pair)
      : http.request<{ message: string }>('DELETE', '/application-tag', { query: pair }),
  );

export const useBulkTag = () =>
  useRefreshingMutation((bulk: ApplicationTagBulk) =>
    http.post<ApplicationTagBulkResult>('/application-tag/multiple', bulk),
  );

/** Grade and priority item of an application (null removes it). */
export const useSaveGradeAndPriority = () =>
  useRefreshingMutation(
    async (change: { id_application: number; id_grade: number | null; id_priority_item: number | null }) => {
      await http.put('/application/grade', { id_application: change.id_application, id_grade: change.id_grade });
      return http.put<{ message: string }>('/application/priority', {
        id_application: change.id_application,
        id_priority_item: change.id_priority_item,
      });
    },
  );

export const useDeleteApplication = () =>
  useRefreshingMutation((id_application: number) => http.del<{ message: string }>(`/application/${id_application}`));

/** The school years a selection may be copied or transferred to (empty: none, the screen says so). */
export const useSchoolYearTargets = (applicationIds: number[]) =>
  useQuery({
    queryKey: applicationKeys.schoolYearTargets(applicationIds),
    queryFn: () =>
      http.get<Array<{ id_school_year: number; name: string }>>('/application/school-year-targets', {
        applicationIds: applicationIds.join(','),
      }),
  });

export type TransferResult = { message: string; data: unknown[]; nonTransferable: number[]; refused: unknown[] };

export const useTransferSchoolYear = () =>
  useRefreshingMutation((move: SchoolYearMove) => http.put<TransferResult>('/application/update-school-year', move));

export const useCopyToSchoolYear = () =>
  useRefreshingMutation((move: SchoolYearMove) =>
    http.post<{ message: string; data: CopyJob; refused: unknown[] }>('/application/copy-to-school-year', move),
  );

/** A copy's progress, asked every second until it is done or failed. */
export const useCopyJob = (id: number | null) =>
  useQuery({
    queryKey: applicationKeys.copy(id),
    queryFn: () => http.get<CopyJob>(`/application/copy-to-school-year/${id}`),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : 1000,
  });

/** The caller's saved filters of one list (lists that keep none answer an empty list without asking). */
export const useSavedFilters = (listType: number, keeps: boolean) =>
  useQuery({
    queryKey: applicationKeys.savedFilters(listType),
    queryFn: () => http.get<UserFilterList>('/user/filter', { listType }),
    enabled: keeps,
    staleTime: Infinity,
  });

export function useSaveFilters(listType: number) {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: async (items: Array<{ id_filter: number; values: number[] }>) => {
      for (const item of items) await http.put('/user/filter', { listType, ...item });
    },
    onMutate: (items) =>
      client.setQueryData<UserFilterList>(applicationKeys.savedFilters(listType), (saved) =>
        saved ? withSavedItems(saved, listType, items) : saved,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: applicationKeys.savedFilters(listType) }),
  });
}

export function useResetFilters(listType: number) {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: () => http.request('DELETE', '/user/filter', { query: { listType } }),
    onMutate: () =>
      client.setQueryData<UserFilterList>(applicationKeys.savedFilters(listType), (saved) =>
        saved?.filter((s) => s.listType !== listType),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: applicationKeys.savedFilters(listType) }),
  });
}

/** The staff intake: the possible duplicates first (nothing saved), then the application. */
export const useCheckDuplicates = () =>
  useWriteMutation({
    mutationFn: (lead: ApplicationCreate) => http.post<DuplicateCheck>('/application/duplicates', lead),
  });

export const useCreateApplication = () =>
  useRefreshingMutation((lead: ApplicationCreate) => http.post<ApplicationCreated>('/application', lead));

export const useGuardianTypes = () =>
  useQuery({
    queryKey: applicationKeys.guardianTypes,
    queryFn: () => http.get<Array<{ id_guardian_type: number; name: string }>>('/catalog/guardian-type'),
    staleTime: Infinity,
  });

export const useCampusSchoolYears = (id_campus: number | null) => useQuery(campusSchoolYearsQuery(id_campus));

/** The grades of a school period (those with seats set up), for the intake's grade picker. */
export const usePeriodGrades = (id_campus_year: number | null) =>
  useQuery({
    queryKey: applicationKeys.spots(id_campus_year),
    queryFn: () => http.get<CampusYearGradeRow[]>(`/application/spots/${id_campus_year}`),
    enabled: id_campus_year !== null,
  });

export const useUpdateInfo = () =>
  useRefreshingMutation((update: ApplicationUpdate) => http.put<{ message: string }>('/application', update));

export const useTransferSpot = () =>
  useRefreshingMutation((transfer: TransferSpot) =>
    http.post<StatusMoveResult>('/application/transfer-spot', transfer),
  );

/** Moves one waiting application to another place of its grade's list (manual reorder). */
export const useMoveWaitingPosition = () =>
  useRefreshingMutation((place: WaitingPlace) =>
    http.put<{ message: string }>('/application/waiting-list/position', place),
  );

/** Reorders one grade's waiting list by priorities: final, needs the acknowledgment and a reason. */
export const useReorderWaitingList = () =>
  useRefreshingMutation((reorder: WaitingListReorder) =>
    http.post<{ message: string; waitingList: unknown[] }>('/application/reorder-waiting-list', reorder),
  );
