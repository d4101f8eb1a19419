import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@openseat/shared/constants';
import { saveLanguage } from '../hooks/language';
import { currentLanguage, setLanguage } from '../lib/i18n';
import styles from './plain.module.css';

/**
 * The language picker of the pages outside the signed-in app: the browser's own list in a plain element, so the
 * sign-in page loads no menu, popover or MUI code (the signed-in screens use LanguageSwitch).
 */
export function NativeLanguageSwitch() {
  const { t } = useTranslation();
  const change = (lng: Language) => {
    setLanguage(lng);
    void saveLanguage(lng).catch(() => undefined);
  };
  return (
    <select
      className={styles.select}
      value={currentLanguage()}
      onChange={(e) => change(e.target.value as Language)}
      aria-label={t('user.language')}
      data-testid="language-switch"
    >
      {LANGUAGES.map((lng) => (
        <option key={lng} value={lng} lang={lng}>
          {t(`languages.${lng}`)}
        </option>
      ))}
    </select>
  );
}
