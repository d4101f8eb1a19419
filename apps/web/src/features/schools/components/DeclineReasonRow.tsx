import { useId, useState } from 'react';
import { Box, Button, Collapse, IconButton, Stack, TextField, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { FAMILY_LANGUAGES, RTL_LANGUAGES, type FamilyLanguage } from '@openseat/shared/schemas/family';
import { DECLINE_REASON_LABEL_MAX } from '@openseat/shared/schemas/decline-reasons';

export type ReasonDraft = { key: number; labels: Record<FamilyLanguage, string> };
/** Field errors of one reason, by language (already in the reader's words). */
export type ReasonErrors = Partial<Record<FamilyLanguage, string>>;

const MORE: FamilyLanguage[] = FAMILY_LANGUAGES.filter((l) => l !== 'en' && l !== 'es');

type Props = {
  reason: ReasonDraft;
  index: number;
  count: number;
  errors: ReasonErrors;
  onChange: (language: FamilyLanguage, value: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** One reason: English and Spanish in view, the other family languages folded under "More languages". */
export function DeclineReasonRow({ reason, index, count, errors, onChange, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const n = index + 1;
  const moreId = useId();
  // open by itself when a folded language has an error, so the message is never hidden
  const [open, setOpen] = useState(false);
  const expanded = open || MORE.some((l) => errors[l]);
  const field = (language: FamilyLanguage) => (
    <TextField
      key={language}
      label={t(`declineReasons.languages.${language}`)}
      value={reason.labels[language]}
      onChange={(e) => onChange(language, e.target.value)}
      required={language === 'en'}
      error={!!errors[language]}
      helperText={errors[language]}
      fullWidth
      size="small"
      slotProps={{
        htmlInput: {
          maxLength: DECLINE_REASON_LABEL_MAX + 20,
          dir: RTL_LANGUAGES.includes(language) ? 'rtl' : undefined,
          lang: language,
          'data-testid': `decline-reason-${index}-${language}`,
        },
      }}
    />
  );
  return (
    <Box
      role="group"
      aria-label={t('declineReasons.reason', { n })}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
      data-testid={`decline-reason-${index}`}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          {t('declineReasons.reason', { n })}
        </Typography>
        <IconButton aria-label={t('declineReasons.moveUp', { n })} disabled={index === 0} onClick={() => onMove(-1)}>
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          aria-label={t('declineReasons.moveDown', { n })}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
        <IconButton aria-label={t('declineReasons.remove', { n })} onClick={onRemove}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {field('en')}
        {field('es')}
      </Stack>
      <Button
        size="small"
        sx={{ mt: 1 }}
        startIcon={<ExpandMoreIcon sx={{ transform: expanded ? 'rotate(180deg)' : undefined }} />}
        aria-expanded={expanded}
        aria-controls={moreId}
        onClick={() => setOpen(!expanded)}
      >
        {t('declineReasons.moreLanguages')}
      </Button>
      <Collapse in={expanded} id={moreId}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', pt: 1 }}>
          {MORE.map((language) => (
            <Box key={language} sx={{ flex: { sm: '1 1 45%' } }}>
              {field(language)}
            </Box>
          ))}
        </Stack>
      </Collapse>
    </Box>
  );
}
