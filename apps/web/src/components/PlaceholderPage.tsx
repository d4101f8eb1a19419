import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle';

/** A screen that a later issue builds: its title and an honest notice, no invented data. */
export default function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(titleKey)}</PageTitle>
      <Alert severity="info">{t('common.notBuilt')}</Alert>
    </>
  );
}
