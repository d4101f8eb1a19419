import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../lib/query-client';
import { NOTICE_OPTIONS } from './notice-host';

/** Server texts (notices, labels) are fetched in the reader's language: a new language fetches them again. */
function useRefetchOnLanguageChange() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, [i18n]);
}

/**
 * What the signed-in screens share: the query cache and the notices. Loaded with the signed-in app, not by the
 * sign-in page (issue 22).
 */
export function SignedInProviders({ children }: { children: React.ReactNode }) {
  useRefetchOnLanguageChange();
  return (
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider {...NOTICE_OPTIONS}>{children}</SnackbarProvider>
    </QueryClientProvider>
  );
}
