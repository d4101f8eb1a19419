import { lazy, Suspense, useMemo } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/client';
import { useNoticeHostWanted } from '../lib/notices';
import { buildTheme } from '../lib/theme';

type Style = React.CSSProperties & Record<`--${string}`, string>;

const NoticeHost = lazy(() => import('./notice-host'));

/** What every page shares: the theme. The signed-in screens add theirs (SignedInProviders). */
export function Providers({ children }: { children: React.ReactNode }) {
  const { user } = useSession();
  const { i18n } = useTranslation();
  const noticesWanted = useNoticeHostWanted();
  const themeName = user?.configuration.theme ?? 'default';
  const theme = useMemo(() => buildTheme(themeName, i18n.language), [themeName, i18n.language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/* the plain controls of the signed-out pages take the palette's colour from --os-primary */}
      <div data-theme={themeName} style={{ display: 'contents', '--os-primary': theme.palette.primary.main } as Style}>
        {children}
      </div>
      {noticesWanted ? (
        <Suspense fallback={null}>
          <NoticeHost />
        </Suspense>
      ) : null}
    </ThemeProvider>
  );
}
