import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The campus tab (not built yet). */
export default function RemindersTab(_props: { id_campus: number }) {
  const { t } = useTranslation();
  return <Alert severity="info">{t('common.notBuilt')}</Alert>;
}
