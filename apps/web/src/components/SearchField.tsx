import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The search box above a list; a change usually sends the list back to its first page. */
export function SearchField({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (text: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      label={t('common.search')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: testId ? { 'data-testid': testId } : undefined }}
    />
  );
}
