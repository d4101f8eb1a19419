import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@openseat/shared/constants';
import { saveLanguage } from '../../features/account/api/account';
import { currentLanguage, setLanguage } from '../i18n';

export function LanguageSwitch({ color = 'default' }: { color?: 'default' | 'inverse' }) {
  const { t } = useTranslation();
  const change = (lng: Language) => {
    setLanguage(lng);
    void saveLanguage(lng).catch(() => undefined);
  };
  return (
    <TextField
      select
      size="small"
      value={currentLanguage()}
      onChange={(e) => change(e.target.value as Language)}
      aria-label={t('user.language')}
      slotProps={{ htmlInput: { 'data-testid': 'language-switch' }, select: { SelectDisplayProps: { 'data-testid': 'language-switch-button' } as object } }}
      sx={color === 'inverse' ? { '& .MuiInputBase-root': { color: 'inherit' }, '& fieldset': { borderColor: 'rgba(255,255,255,0.5)' }, '& svg': { color: 'inherit' } } : undefined}
    >
      {LANGUAGES.map((lng) => (
        <MenuItem key={lng} value={lng} data-testid={`language-${lng}`}>
          {t(`languages.${lng}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
