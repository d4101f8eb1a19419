import { useId, useState } from 'react';
import { Box, Button, Collapse, Stack, TextField, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { FAMILY_LANGUAGES, RTL_LANGUAGES, type FamilyLanguage } from '@openseat/shared/schemas/family';
import { anyUnder, type FieldErrors, type LabelsDraft } from '../checklist-draft';

const OTHER: FamilyLanguage[] = FAMILY_LANGUAGES.filter((l) => l !== 'en' && l !== 'es');

type Props = {
  /** The group's name (its inputs are named by language inside it). */
  title: string;
  labels: LabelsDraft;
  onChange: (labels: LabelsDraft) => void;
  /** Where the errors of these words are (`items.0.labels`). */
  path: string;
  errors: FieldErrors;
  /** English and Spanish required (not for optional words, which need both only once any is given). */
  required?: boolean;
  multiline?: boolean;
  /** The height of a multi-line input before it grows. */
  minRows?: number;
  maxLength: number;
  testId?: string;
};

/** Words in the family languages: English and Spanish in view, the four others folded (open when one has an error). */
export function LabelsFields({
  title,
  labels,
  onChange,
  path,
  errors,
  required,
  multiline,
  minRows = 3,
  maxLength,
  testId,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const moreId = useId();
  const [open, setOpen] = useState(false);
  const expanded = open || OTHER.some((l) => anyUnder(errors, `${path}.${l}`));
  const field = (language: FamilyLanguage) => {
    const error = errors[`${path}.${language}`];
    return (
      <TextField
        key={language}
        label={t(`registration.languages.${language}`)}
        value={labels[language]}
        onChange={(e) => onChange({ ...labels, [language]: e.target.value })}
        required={required && (language === 'en' || language === 'es')}
        error={!!error}
        helperText={error}
        fullWidth
        size="small"
        multiline={multiline}
        minRows={multiline ? minRows : undefined}
        maxRows={multiline ? 12 : undefined}
        slotProps={{
          htmlInput: {
            maxLength: maxLength + 20,
            dir: RTL_LANGUAGES.includes(language) ? 'rtl' : undefined,
            lang: language,
            'data-testid': testId ? `${testId}-${language}` : undefined,
          },
        }}
      />
    );
  };
  return (
    <Box role="group" aria-labelledby={titleId}>
      <Typography variant="body2" id={titleId} sx={{ mb: 1, fontWeight: 500 }}>
        {title}
      </Typography>
      <Stack direction={{ xs: 'column', sm: multiline ? 'column' : 'row' }} spacing={1.5}>
        {field('en')}
        {field('es')}
      </Stack>
      <Button
        size="small"
        sx={{ mt: 0.5 }}
        startIcon={<ExpandMoreIcon sx={{ transform: expanded ? 'rotate(180deg)' : undefined }} />}
        aria-expanded={expanded}
        aria-controls={moreId}
        onClick={() => setOpen(!expanded)}
      >
        {t('registration.otherLanguages')}
      </Button>
      <Collapse in={expanded} id={moreId} unmountOnExit>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', pt: 1 }}>
          {OTHER.map((language) => (
            <Box key={language} sx={{ flex: { sm: multiline ? '1 1 100%' : '1 1 45%' } }}>
              {field(language)}
            </Box>
          ))}
        </Stack>
      </Collapse>
    </Box>
  );
}
