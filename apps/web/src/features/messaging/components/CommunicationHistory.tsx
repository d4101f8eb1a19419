import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The messages sent about an application (not built yet). */
export function CommunicationHistory(_props: { id_application: number }) {
  const { t } = useTranslation();
  return <Typography color="text.secondary">{t('applications.noMessages')}</Typography>;
}
