import { useMemo } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { NOTICE_DURATION_MS } from '@openseat/shared/constants';
import { useSession } from './client';
import { buildTheme } from './theme';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export function Providers({ children }: { children: React.ReactNode }) {
  const { user } = useSession();
  const themeName = user?.configuration.theme ?? 'default';
  const theme = useMemo(() => buildTheme(themeName), [themeName]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider autoHideDuration={NOTICE_DURATION_MS} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
          <div data-theme={themeName} style={{ display: 'contents' }}>
            {children}
          </div>
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
