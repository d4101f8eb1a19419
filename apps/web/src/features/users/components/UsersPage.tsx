import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { UsersPanel } from './UsersPanel';

/** Users screen (spec section 2): school, campus and maintenance tabs, server-side pages and search. */
export default function UsersPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('menu.users')}</PageTitle>
      <UsersPanel />
    </>
  );
}
