import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWriteMutation } from '../../../hooks/use-write-mutation';
import type { AdsEventRow, AdsSettings, AdsSettingsRequest } from '@openseat/shared/schemas/ads-conversions';
import { http } from '../../../lib/client';

export const adsConversionKeys = {
  settings: (id_school: number) => ['ads-conversions', id_school, 'settings'] as const,
  events: (id_school: number) => ['ads-conversions', id_school, 'events'] as const,
};

export const useAdsSettings = (id_school: number) =>
  useQuery({
    queryKey: adsConversionKeys.settings(id_school),
    queryFn: () => http.get<AdsSettings>('/ads-conversions/settings', { id_school }),
  });

export const useAdsEvents = (id_school: number) =>
  useQuery({
    queryKey: adsConversionKeys.events(id_school),
    queryFn: () => http.get<AdsEventRow[]>('/ads-conversions/events', { id_school }),
  });

export function useSaveAdsSettings() {
  const client = useQueryClient();
  return useWriteMutation({
    mutationFn: (body: AdsSettingsRequest) =>
      http.put<{ message: string; data: AdsSettings }>('/ads-conversions/settings', body),
    onSuccess: (saved) => client.setQueryData(adsConversionKeys.settings(saved.data.id_school), saved.data),
  });
}
