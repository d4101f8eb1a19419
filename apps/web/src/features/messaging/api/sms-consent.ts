import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsConsent, SmsConsentChange } from '@openseat/shared/schemas/sms-consent';
import { http } from '../../../lib/client';
import { applicationKeys } from '../../../lib/query-keys';

/** Under the applications' key: an edit of the guardian's phone refreshes whose consent is shown. */
const consentKey = (id_application: number) => [...applicationKeys.all, 'sms-consent', id_application] as const;

/** Consent to texts of the phone an application's texts go to, with its history. */
export const useSmsConsent = (id_application: number) =>
  useQuery({
    queryKey: consentKey(id_application),
    queryFn: () => http.get<SmsConsent>(`/application/${id_application}/sms-consent`),
  });

/** Staff record a consent given (with where it came from) or withdrawn. */
export function useRecordSmsConsent(id_application: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: SmsConsentChange) =>
      http.post<SmsConsent>(`/application/${id_application}/sms-consent`, change),
    onSuccess: (consent) => client.setQueryData(consentKey(id_application), consent),
  });
}
