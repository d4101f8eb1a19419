import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ImportFilePreview,
  ImportMappingList,
  ImportMappingRequest,
  SavedImportMapping,
} from '@openseat/shared/schemas/import-files';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import { http } from '../../../lib/client';

/** Self-serve import, reading a school's file (docs/import-formats.md): upload, preview, named mappings. */
export const importKeys = {
  all: ['imports'] as const,
  preview: (id: number, sheet: string | undefined) => ['imports', 'preview', id, sheet ?? null] as const,
  mappings: ['imports', 'mappings'] as const,
};

/** Uploads a CSV or XLSX file; `onProgress` hears the share sent (0..1). Answers its preview and guessed mapping. */
export function uploadImportFile(file: File, onProgress: (share: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return http.request<ImportFilePreview>('POST', '/imports/files', { form, onUploadProgress: onProgress });
}

/** Another sheet of an uploaded workbook (the first visible one is what the upload answered). */
export const useImportPreview = (id: number | null, sheet: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: importKeys.preview(id ?? 0, sheet),
    queryFn: () => http.get<ImportFilePreview>(`/imports/files/${id}/preview`, sheet ? { sheet } : {}),
    enabled: enabled && id !== null,
  });

/** The school's saved mappings and the presets shipped for other systems' exports. */
export const useImportMappings = () =>
  useQuery({ queryKey: importKeys.mappings, queryFn: () => http.get<ImportMappingList>('/imports/mappings') });

/** Saves the mapping under a name: a new one, or over the saved one of that id. */
export const useSaveMapping = () => {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ImportMappingRequest }) =>
      id === null
        ? http.post<{ message: string; data: SavedImportMapping }>('/imports/mappings', body)
        : http.put<{ message: string; data: SavedImportMapping }>(`/imports/mappings/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: importKeys.mappings }),
  });
};
