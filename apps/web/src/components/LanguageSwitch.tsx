import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@openseat/shared/constants';
import { saveLanguage } from '../hooks/language';
import { currentLanguage, setLanguage } from '../lib/i18n';

const INVERSE_SX = {
  '& .MuiInputBase-root': { color: 'inherit' },
  '& fieldset': { borderColor: 'rgba(255,255,255,0.5)' },
  '& .MuiOutlinedInput-root.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: '#fff' },
  '& svg': { color: 'inherit' },
};

/** Named for screen readers ('Language English'), with no visible label taking room. */
const HIDDEN_LABEL_SX = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The language picker; `compact` (phones) shows the language code, the menu still names each language. */
export function LanguageSwitch({
  color = 'default',
  compact = false,
}: {
  color?: 'default' | 'inverse';
  compact?: boolean;
}) {
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
      label={t('user.language')}
      sx={{ flexShrink: 0, ...(color === 'inverse' ? INVERSE_SX : {}) }}
      slotProps={{
        htmlInput: { 'data-testid': 'language-switch' },
        inputLabel: { sx: HIDDEN_LABEL_SX },
        input: { notched: false },
        select: {
          SelectDisplayProps: { 'data-testid': 'language-switch-button' } as object,
          renderValue: (value) => (compact ? String(value).toUpperCase() : t(`languages.${String(value)}`)),
        },
      }}
    >
      {LANGUAGES.map((lng) => (
        <MenuItem key={lng} value={lng} data-testid={`language-${lng}`} lang={lng}>
          {t(`languages.${lng}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
