import { useEffect, useMemo } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useTranslation } from 'react-i18next';
import { NOTICE_DURATION_MS } from '@openseat/shared/constants';
import { queryClient, useSession } from '../lib/client';
import { buildTheme } from '../lib/theme';

/** Server texts (notices, labels) are fetched in the reader's language: a new language fetches them again. */
function useRefetchOnLanguageChange() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, [i18n]);
}

export function Providers({ children }: { children: React.ReactNode }) {
  const { user } = useSession();
  const { i18n } = useTranslation();
  useRefetchOnLanguageChange();
  const themeName = user?.configuration.theme ?? 'default';
  const theme = useMemo(() => buildTheme(themeName, i18n.language), [themeName, i18n.language]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          autoHideDuration={NOTICE_DURATION_MS}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        >
          <div data-theme={themeName} style={{ display: 'contents' }}>
            {children}
          </div>
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
