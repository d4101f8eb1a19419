import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notices';
import { PlainButton } from '../../../components/PlainButton';
import { loginWithSchool, logout } from '../api/auth';
import styles from './auth.module.css';

/**
 * A school maintainer chooses the school it works in (spec section 2). The sign-in page moves on to the landing
 * screen once the session holds the school.
 */
export function SchoolChoice({ schools }: { schools: Array<{ id_school: number; name: string }> }) {
  const { t } = useTranslation();
  const choose = async (id_school: number) => {
    try {
      await loginWithSchool(id_school);
    } catch (error) {
      notify((error as Error).message, 'error');
    }
  };
  return (
    <div className={styles.choices}>
      <h2 className={styles.title}>{t('login.chooseSchool')}</h2>
      {schools.map((s) => (
        <PlainButton
          key={s.id_school}
          variant="outlined"
          onClick={() => void choose(s.id_school)}
          data-testid={`school-choice-${s.id_school}`}
        >
          {s.name}
        </PlainButton>
      ))}
      <PlainButton onClick={() => void logout()}>{t('login.back')}</PlainButton>
    </div>
  );
}
