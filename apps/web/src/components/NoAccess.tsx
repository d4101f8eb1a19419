import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function NoAccess() {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="no-access">
      {t('common.noAccess')}
    </Alert>
  );
}
