import { Box, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import {
  FORM_FIELD_TYPES,
  SIS_FIELD_KEYS,
  SIS_FIELD_TYPES,
  type FormFieldType,
  type SisFieldKey,
} from '@openseat/shared/schemas/registration';
import { answersOfDraft, emptyChoice, type FieldDraft, type FieldErrors } from '../checklist-draft';
import { ChoicesEditor } from './ChoicesEditor';
import { LabelsFields } from './LabelsFields';

type Props = {
  field: FieldDraft;
  /** The fields before this one: the only ones a condition may test. */
  earlier: FieldDraft[];
  index: number;
  count: number;
  /** `items.0.form.fields.1` */
  path: string;
  errors: FieldErrors;
  onChange: (field: FieldDraft) => void;
  onKey: (key: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

const conditionValue = (showIf: FieldDraft['showIf']) => (showIf ? `${showIf.field}=${showIf.equals}` : '');

/** One question of a form: key, type, words, required, choices, and the earlier answer it is shown on. */
export function FieldEditor({ field, earlier, index, count, path, errors, onChange, onKey, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const n = index + 1;
  const nameOf = (f: FieldDraft) => f.labels.en.trim() || f.key;
  const answerName = (f: FieldDraft, answer: string) =>
    f.type === 'yes_no'
      ? t(`registration.form.${answer as 'yes' | 'no'}`)
      : f.choices.find((c) => c.value.trim() === answer)?.labels.en.trim() || answer;
  const options = earlier
    .filter((f) => f.key.trim())
    .flatMap((f) =>
      answersOfDraft(f).map((answer) => ({
        value: `${f.key.trim()}=${answer}`,
        label: t('registration.form.condition', { field: nameOf(f), answer: answerName(f, answer) }),
        showIf: { field: f.key.trim(), equals: answer },
      })),
    );
  const current = conditionValue(field.showIf);
  const conditionError = errors[`${path}.showIf`] ?? errors[`${path}.showIf.field`] ?? errors[`${path}.showIf.equals`];
  const stale = field.showIf && !options.some((o) => o.value === current);
  const fits = (key: SisFieldKey, type: FormFieldType) => (SIS_FIELD_TYPES[key] as readonly string[]).includes(type);
  const sisOptions = SIS_FIELD_KEYS.filter((key) => fits(key, field.type));
  const setType = (type: FormFieldType) =>
    onChange({
      ...field,
      type,
      choices: type === 'choice' ? (field.choices.length ? field.choices : [emptyChoice(), emptyChoice()]) : [],
      // a tag the new type cannot hold is dropped (the server would refuse it)
      sis: field.sis && fits(field.sis, type) ? field.sis : null,
    });

  return (
    <Box
      role="group"
      aria-label={t('registration.form.field', { n })}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
      data-testid={`field-${index}`}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" component="h4" sx={{ flexGrow: 1 }}>
          {t('registration.form.field', { n })}
        </Typography>
        <IconButton aria-label={t('registration.form.moveUp', { n })} disabled={index === 0} onClick={() => onMove(-1)}>
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          aria-label={t('registration.form.moveDown', { n })}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
        <IconButton aria-label={t('registration.form.remove', { n })} disabled={count === 1} onClick={onRemove}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Stack spacing={1.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            label={t('registration.form.key')}
            value={field.key}
            onChange={(e) => onKey(e.target.value)}
            required
            size="small"
            fullWidth
            error={!!errors[`${path}.key`]}
            helperText={errors[`${path}.key`] ?? t('registration.form.keyHelp')}
            slotProps={{ htmlInput: { maxLength: 60, spellCheck: false, autoCapitalize: 'none' } }}
          />
          <TextField
            select
            label={t('registration.form.type')}
            value={field.type}
            onChange={(e) => setType(e.target.value as FormFieldType)}
            size="small"
            fullWidth
            error={!!errors[`${path}.type`]}
            helperText={errors[`${path}.type`]}
          >
            {FORM_FIELD_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`registration.form.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <LabelsFields
          title={t('registration.form.label')}
          labels={field.labels}
          onChange={(labels) => onChange({ ...field, labels })}
          path={`${path}.labels`}
          errors={errors}
          required
          maxLength={200}
        />
        <FormControlLabel
          control={
            <Checkbox checked={field.required} onChange={(e) => onChange({ ...field, required: e.target.checked })} />
          }
          label={t('registration.required')}
        />
        {field.type === 'choice' && (
          <ChoicesEditor
            choices={field.choices}
            onChange={(choices) => onChange({ ...field, choices })}
            path={`${path}.choices`}
            errors={errors}
          />
        )}
        {sisOptions.length > 0 && (
          <TextField
            select
            label={t('registration.form.sis')}
            value={field.sis ?? ''}
            onChange={(e) => onChange({ ...field, sis: (e.target.value || null) as SisFieldKey | null })}
            size="small"
            fullWidth
            error={!!errors[`${path}.sis`]}
            helperText={errors[`${path}.sis`] ?? t('registration.form.sisHelp')}
          >
            <MenuItem value="">{t('registration.form.sisNone')}</MenuItem>
            {sisOptions.map((key) => (
              <MenuItem key={key} value={key}>
                {t(`registration.form.sisFields.${key}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {(index > 0 || field.showIf) && (
          <TextField
            select
            label={t('registration.form.showIf')}
            value={current}
            onChange={(e) =>
              onChange({ ...field, showIf: options.find((o) => o.value === e.target.value)?.showIf ?? null })
            }
            size="small"
            fullWidth
            error={!!conditionError}
            helperText={conditionError}
          >
            <MenuItem value="">{t('registration.form.always')}</MenuItem>
            {options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
            {stale && (
              <MenuItem value={current}>
                {t('registration.form.staleCondition', { field: field.showIf!.field, answer: field.showIf!.equals })}
              </MenuItem>
            )}
          </TextField>
        )}
      </Stack>
    </Box>
  );
}
