import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@openseat/shared/schemas/pagination';
import type {
  FamilyRegistration,
  RegistrationDecision,
  RegistrationReviewRow,
} from '@openseat/shared/schemas/registration';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import { http } from '../../../lib/client';

/** The staff's review of registration packets (docs/registration.md, "The staff's review"). */
export const reviewKeys = {
  all: ['registration-review'] as const,
  queue: (id_campus_year: number, page: number, pageSize: number) =>
    [...reviewKeys.all, 'queue', id_campus_year, page, pageSize] as const,
  packet: (id_application: number) => [...reviewKeys.all, 'packet', id_application] as const,
};

/** One server page of what families sent and wait for a decision, oldest first. */
export const useReviewQueue = (id_campus_year: number | null, page: number, pageSize: number) =>
  useQuery({
    queryKey: reviewKeys.queue(id_campus_year ?? 0, page, pageSize),
    queryFn: () =>
      http.get<Page<RegistrationReviewRow>>('/registration/reviews', {
        id_campus_year: id_campus_year!,
        page,
        pageSize,
      }),
    enabled: id_campus_year !== null,
    placeholderData: keepPreviousData,
  });

/** One application's packet with the answers, in the staff member's language. */
export const useStaffPacket = (id_application: number | null) =>
  useQuery({
    queryKey: reviewKeys.packet(id_application ?? 0),
    queryFn: () => http.get<FamilyRegistration>(`/registration/applications/${id_application}`),
    enabled: id_application !== null,
  });

export type ReviewInput = { id_application: number; id_registration_item: number; decision: RegistrationDecision };

/** Approves or returns an item; the queue and the packet are read again. */
export function useReviewDecision() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ id_application, id_registration_item, decision }: ReviewInput) =>
      http.put<{ message: string }>(
        `/registration/applications/${id_application}/items/${id_registration_item}/review`,
        decision,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
