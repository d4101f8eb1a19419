import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@openseat/shared/schemas/pagination';
import type {
  SisHandoffBatch,
  SisHandoffFormat,
  SisHandoffRequest,
  SisHandoffStudent,
} from '@openseat/shared/schemas/sis-handoff';
import { periodQuery } from '../../../hooks/periods';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import { http } from '../../../lib/client';
import { saveBlob } from '../../../lib/download';

/** The hand-off of a period's students to the SIS (docs/registration.md, "Hand-off to the SIS"). */
export const handoffKeys = {
  all: ['sis-handoff'] as const,
  students: (q: StudentsQuery) => ['sis-handoff', 'students', q] as const,
  batches: (id_campus_year: number, page: number, pageSize: number) =>
    ['sis-handoff', 'batches', id_campus_year, page, pageSize] as const,
};

export type StudentsQuery = {
  id_campus_year: number;
  format: SisHandoffFormat;
  sent: 'unsent' | 'sent' | 'all';
  page: number;
  pageSize: number;
};

/** The period the screen sends (the cache entry the period's settings share). */
export const useHandoffPeriod = (id_campus_year: number | null) => useQuery(periodQuery(id_campus_year));

export const useHandoffStudents = (q: StudentsQuery) =>
  useQuery({
    queryKey: handoffKeys.students(q),
    queryFn: () => http.get<Page<SisHandoffStudent>>('/sis-handoff/students', q),
    placeholderData: keepPreviousData,
  });

export const useHandoffBatches = (id_campus_year: number, page: number, pageSize: number) =>
  useQuery({
    queryKey: handoffKeys.batches(id_campus_year, page, pageSize),
    queryFn: () => http.get<Page<SisHandoffBatch>>('/sis-handoff/batches', { id_campus_year, page, pageSize }),
    placeholderData: keepPreviousData,
  });

/** A new batch: the students it carries are marked sent (the lists refresh). */
export const useSendBatch = () => {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (body: SisHandoffRequest) => http.post<SisHandoffBatch>('/sis-handoff/batches', body),
    onSuccess: () => client.invalidateQueries({ queryKey: handoffKeys.all }),
  });
};

const FILE_NAMES: Record<SisHandoffFormat, string> = {
  powerschool: 'powerschool-students.csv',
  schoolmint: 'schoolmint-applications.csv',
  aspire: 'aspire-students.csv',
  oneroster: 'oneroster.zip',
};

/**
 * Downloads a batch's file through the authorised client, reporting progress: the share of the batch's students
 * written so far for a CSV (lines read), the share of bytes for the OneRoster ZIP (its size is known).
 */
export async function downloadBatch(batch: SisHandoffBatch, onProgress: (share: number) => void) {
  const res = await http.request<Response>('GET', `/sis-handoff/batches/${batch.id_sis_handoff}/file`, { raw: true });
  const size = Number(res.headers.get('content-length') ?? 0);
  const reader = res.body?.getReader();
  const parts: BlobPart[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    if (!reader) break;
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.length;
    if (batch.format !== 'oneroster') for (const byte of value) if (byte === 10) lines++;
    // the header is one line: the students are the lines after it
    const share = batch.format === 'oneroster' ? (size ? bytes / size : 0) : Math.max(0, lines - 1) / batch.count;
    onProgress(Math.min(1, share));
  }
  if (!reader) parts.push(await res.blob());
  onProgress(1);
  saveBlob(new Blob(parts, { type: res.headers.get('content-type') ?? undefined }), FILE_NAMES[batch.format]);
}
