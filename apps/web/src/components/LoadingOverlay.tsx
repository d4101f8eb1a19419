import { Backdrop, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The full-screen loading overlay (spec section 2), shown while a screen or the session loads. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <Backdrop
      open
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}
      data-testid="loading-overlay"
    >
      <Box sx={{ position: 'relative', display: 'inline-flex' }}>
        <CircularProgress color="inherit" size={64} thickness={3} />
        <Typography sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', fontWeight: 700 }}>
          OS
        </Typography>
      </Box>
      <Typography>{t('common.loading')}</Typography>
    </Backdrop>
  );
}
