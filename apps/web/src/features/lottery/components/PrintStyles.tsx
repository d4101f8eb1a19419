import { GlobalStyles } from '@mui/material';

/** Printing shows the page's sheet alone (`data-testid={page}`), on one page (A4 or Letter), without the app around it. */
export function PrintStyles({ page }: { page: string }) {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '@page': { margin: '12mm' },
          'header, nav, .MuiAppBar-root, .MuiDrawer-root, [data-print="hide"], .notistack-SnackbarContainer': {
            display: 'none !important',
          },
          'body, main': { background: '#fff !important', padding: '0 !important', margin: '0 !important' },
          [`[data-testid="${page}"]`]: {
            boxShadow: 'none !important',
            border: 'none !important',
            fontSize: '10pt',
            breakInside: 'avoid',
            pageBreakInside: 'avoid',
          },
        },
      }}
    />
  );
}
