import { Alert, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from './PageTitle';

/**
 * Shown for an unknown id, or one outside the caller's scope (the server answers both with 404, so the
 * screen never offers an empty form to fill in).
 */
export function NotFound({ backTo }: { backTo: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="not-found">
      <PageTitle>{t('notFound.title')}</PageTitle>
      <Alert severity="info">{t('notFound.help')}</Alert>
      <div>
        <Button component={RouterLink} to={backTo} variant="outlined">
          {t('notFound.back')}
        </Button>
      </div>
    </Stack>
  );
}
