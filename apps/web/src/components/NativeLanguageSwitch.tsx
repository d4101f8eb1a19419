import { NativeSelect, OutlinedInput } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@openseat/shared/constants';
import { saveLanguage } from '../hooks/language';
import { currentLanguage, setLanguage } from '../lib/i18n';

/**
 * The language picker of the pages outside the signed-in app: the browser's own list, so the sign-in page loads no
 * menu or popover code (the signed-in screens use LanguageSwitch).
 */
export function NativeLanguageSwitch() {
  const { t } = useTranslation();
  const change = (lng: Language) => {
    setLanguage(lng);
    void saveLanguage(lng).catch(() => undefined);
  };
  return (
    <NativeSelect
      value={currentLanguage()}
      onChange={(e) => change(e.target.value as Language)}
      input={<OutlinedInput size="small" />}
      inputProps={{ 'aria-label': t('user.language'), 'data-testid': 'language-switch' } as object}
      sx={{ flexShrink: 0 }}
    >
      {LANGUAGES.map((lng) => (
        <option key={lng} value={lng} lang={lng}>
          {t(`languages.${lng}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
