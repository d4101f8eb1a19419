import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type { TagRequest, TagRow } from '@openseat/shared/schemas/enrollment';
import type { Page } from '@openseat/shared/schemas/pagination';
import { http } from '../../../lib/client';

type Saved<T> = { message: string; data: T };
export type TagListParams = { page: number; pageSize: number; text: string };

export const tagKeys = {
  all: ['tags'] as const,
  list: (p: TagListParams) => ['tags', 'list', p] as const,
};

export const useTags = (params: TagListParams) =>
  useQuery({
    queryKey: tagKeys.list(params),
    queryFn: () => http.get<Page<TagRow>>('/tag', params),
    placeholderData: keepPreviousData,
  });

/** Create without an id, update with one; every tag list is refreshed. */
export function useSaveTag() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ id_tag, body }: { id_tag?: number; body: TagRequest }) =>
      id_tag ? http.put<Saved<TagRow>>(`/tag/${id_tag}`, body) : http.post<Saved<TagRow>>('/tag', body),
    onSuccess: () => client.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

export function useDeleteTag() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (id_tag: number) => http.del<{ message: string }>(`/tag/${id_tag}`),
    onSuccess: () => client.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
