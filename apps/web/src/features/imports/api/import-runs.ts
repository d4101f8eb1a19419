import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '@openseat/shared/schemas/pagination';
import type {
  ImportBatch,
  ImportConflict,
  ImportFileCommit,
  ImportFileRun,
  ImportReport,
} from '@openseat/shared/schemas/imports';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import { http } from '../../../lib/client';
import { saveBlob } from '../../../lib/download';
import { importKeys } from './import-files';

/** An uploaded file's dry run, commit, progress and undo (docs/import-apply.md). */
const runKeys = {
  batches: (page: number, pageSize: number) => [...importKeys.all, 'batches', page, pageSize] as const,
  batch: (id: number) => [...importKeys.all, 'batch', id] as const,
  conflicts: (id_school_year: number, page: number, pageSize: number) =>
    [...importKeys.all, 'conflicts', id_school_year, page, pageSize] as const,
};

/** A batch still being written: polled until it is done or failed. */
export const isRunning = (batch: ImportBatch | undefined) => batch?.status === 'pending' || batch?.status === 'working';
const POLL_MS = 1000;

/** Every row of the file checked as the API checks an intake; nothing written. */
export const useDryRun = () =>
  useWriteMutation({
    mutationFn: ({ id, body }: { id: number; body: ImportFileRun }) =>
      http.post<ImportReport>(`/imports/files/${id}/dry-run`, body),
  });

/** The dry run's problems as a CSV file (row, column, message in the user's language), saved by the browser. */
export async function downloadReport(id: number, body: ImportFileRun) {
  const res = await http.request<Response>('POST', `/imports/files/${id}/dry-run/report`, { body, raw: true });
  saveBlob(await res.blob(), 'import-report.csv');
}

/** Queues the commit; answers the batch to follow. */
export const useCommitImport = () => {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ id, body }: { id: number; body: ImportFileCommit }) =>
      http.post<ImportBatch>(`/imports/files/${id}/commit`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: [...importKeys.all, 'batches'] }),
  });
};

/**
 * What an import changes is read again where it is shown next: applications, their lists and counts, seats, the
 * imports themselves (every query but the one followed batch's, which is done).
 */
const refreshAfterImport = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (query) => query.queryKey[1] !== 'batch' });

/** One import's state, polled while its commit runs; what it changed read again once it ends. */
export const useImportBatch = (id: number | null) => {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: runKeys.batch(id ?? 0),
    queryFn: () => http.get<ImportBatch>(`/imports/batches/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (isRunning(query.state.data) || !query.state.data ? POLL_MS : false),
  });
  const ended = query.data !== undefined && !isRunning(query.data);
  useEffect(() => {
    if (ended) void refreshAfterImport(client);
  }, [ended, client]);
  return query;
};

/** The school's (or campus's) imports, newest first. */
export const useImportBatches = (page: number, pageSize: number) =>
  useQuery({
    queryKey: runKeys.batches(page, pageSize),
    queryFn: () => http.get<Page<ImportBatch>>('/imports/batches', { page, pageSize }),
    refetchInterval: (query) => (query.state.data?.data.some(isRunning) ? POLL_MS : false),
  });

/** Takes a finished import back out as a whole (409 once any of its applications moved). */
export const useUndoImport = () => {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: number) => http.post<ImportBatch>(`/imports/batches/${id}/undo`),
    onSuccess: () => refreshAfterImport(client),
  });
};

/** The children with applications at several campuses of the school in one school year. */
export const useImportConflicts = (id_school_year: number | null, page: number, pageSize: number) =>
  useQuery({
    queryKey: runKeys.conflicts(id_school_year ?? 0, page, pageSize),
    queryFn: () =>
      http.get<Page<ImportConflict>>('/imports/conflicts', { id_school_year: id_school_year!, page, pageSize }),
    enabled: id_school_year !== null,
  });
