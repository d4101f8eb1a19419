import { useId } from 'react';
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { FIELD_CHOICES_MAX } from '@openseat/shared/schemas/registration';
import { emptyChoice, type ChoiceDraft, type FieldErrors } from '../checklist-draft';
import { LabelsFields } from './LabelsFields';

type Props = {
  choices: ChoiceDraft[];
  onChange: (choices: ChoiceDraft[]) => void;
  /** `items.0.form.fields.1.choices` */
  path: string;
  errors: FieldErrors;
};

/** The options of a choice field, in the order shown: a value (its key) and its words. */
export function ChoicesEditor({ choices, onChange, path, errors }: Props) {
  const { t } = useTranslation();
  const change = (index: number, choice: ChoiceDraft) => onChange(choices.map((c, i) => (i === index ? choice : c)));
  const own = errors[path];
  const ownId = useId();
  return (
    <Box role="group" aria-label={t('registration.form.choices')} aria-describedby={own ? ownId : undefined}>
      <Typography variant="body2" sx={{ fontWeight: 500, mb: 1 }}>
        {t('registration.form.choices')}
      </Typography>
      <Stack spacing={1.5}>
        {choices.map((choice, index) => {
          const n = index + 1;
          const at = `${path}.${index}`;
          return (
            <Box
              key={choice.uid}
              role="group"
              aria-label={t('registration.form.choice', { n })}
              sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
                <TextField
                  label={t('registration.form.choiceValue')}
                  value={choice.value}
                  onChange={(e) => change(index, { ...choice, value: e.target.value })}
                  required
                  size="small"
                  error={!!errors[`${at}.value`]}
                  helperText={errors[`${at}.value`]}
                  slotProps={{ htmlInput: { maxLength: 60, spellCheck: false, autoCapitalize: 'none' } }}
                  sx={{ flexGrow: 1 }}
                />
                <IconButton
                  aria-label={t('registration.form.removeChoice', { n })}
                  onClick={() => onChange(choices.filter((_, i) => i !== index))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
              <LabelsFields
                title={t('registration.form.choice', { n })}
                labels={choice.labels}
                onChange={(labels) => change(index, { ...choice, labels })}
                path={`${at}.labels`}
                errors={errors}
                required
                maxLength={200}
              />
            </Box>
          );
        })}
      </Stack>
      {own && (
        <FormHelperText error sx={{ mt: 1 }} id={ownId}>
          {own}
        </FormHelperText>
      )}
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        disabled={choices.length >= FIELD_CHOICES_MAX}
        onClick={() => onChange([...choices, emptyChoice()])}
      >
        {t('registration.form.addChoice')}
      </Button>
    </Box>
  );
}
