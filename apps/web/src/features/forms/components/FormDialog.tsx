import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DialogForm } from '../../../components/DialogForm';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FORM_PROVIDER, STATUSES } from '@openseat/shared/constants';
import { CampusFormRequestSchema, FORM_FIELDS, type CampusFormRow } from '@openseat/shared/schemas/communication';
import type { CampusSchoolYearRow } from '@openseat/shared/schemas/enrollment';
import type { ApiError } from '../../../lib/http';
import { message } from '../../../lib/i18n';
import { useSaveForm } from '../api/forms';

const Schema = CampusFormRequestSchema.omit({ field_map: true });
type Input = z.input<typeof Schema>;
type MapRow = { question: string; field: string };

const valuesOf = (form: CampusFormRow | null, id_campus: number): Input => ({
  id_campus,
  id_campus_year: form?.id_campus_year ?? '',
  id_status_from: form?.id_status_from ?? '',
  id_status_to: form?.id_status_to ?? '',
  form_name: form?.form_name ?? '',
  form_id: form?.form_id ?? '',
  form_url: form?.form_url ?? '',
  is_application_form: form?.is_application_form ?? false,
  id_form_type: (form?.id_form_type ?? FORM_PROVIDER.TYPEFORM) as Input['id_form_type'],
});

/** Create or edit a form of the campus, with its question -> field map. */
export function FormDialog({
  form,
  id_campus,
  periods,
  onClose,
}: {
  form: CampusFormRow | null;
  id_campus: number;
  periods: CampusSchoolYearRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveForm();
  const [rows, setRows] = useState<MapRow[]>(() =>
    Object.entries(form?.field_map ?? {}).map(([question, field]) => ({ question, field })),
  );
  const [mapError, setMapError] = useState<string | null>(null);
  const hook = useForm<Input, unknown, z.output<typeof Schema>>({
    resolver: zodResolver(Schema),
    defaultValues: valuesOf(form, id_campus),
  });
  const errors = hook.formState.errors;
  const onSubmit = hook.handleSubmit(async (values) => {
    const field_map = Object.fromEntries(
      rows.filter((r) => r.question.trim() && r.field).map((r) => [r.question.trim(), r.field]),
    ) as Record<string, (typeof FORM_FIELDS)[number]>;
    try {
      const saved = await save.mutateAsync({ id: form?.id_campus_form, body: { ...values, field_map } });
      enqueueSnackbar(saved.message, { variant: 'success' });
      onClose();
    } catch (error) {
      const e = error as ApiError;
      setMapError(e.errors?.some((fe) => fe.path.startsWith('field_map')) ? e.message : null);
      e.errors?.forEach((fe) => {
        if (!fe.path.startsWith('field_map')) hook.setError(fe.path as keyof Input, { message: fe.message });
      });
      enqueueSnackbar(e.message, { variant: 'error' });
    }
  });
  const setRow = (i: number, change: Partial<MapRow>) =>
    setRows((current) => current.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const statusSelect = (name: 'id_status_from' | 'id_status_to', label: string, empty: string) => (
    <Controller
      control={hook.control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={label}
          {...field}
          value={field.value ?? ''}
          error={!!errors[name]}
          helperText={message(errors[name]?.message)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{empty}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s.id_status} value={s.id_status}>
              {t(`statuses.${s.id_status}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <DialogForm
      title={form ? t('forms.edit') : t('forms.create')}
      titleId="form-dialog-title"
      onClose={onClose}
      maxWidth="md"
      formId="campus-form-form"
      onSubmit={onSubmit}
      pending={save.isPending}
      submitTestId="form-save"
    >
      <TextField
        label={t('forms.name')}
        {...hook.register('form_name')}
        error={!!errors.form_name}
        helperText={message(errors.form_name?.message)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'form-name' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          control={hook.control}
          name="id_form_type"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label={t('forms.provider')}
              {...field}
              onChange={(e) => field.onChange(Number(e.target.value))}
              error={!!errors.id_form_type}
              helperText={message(errors.id_form_type?.message)}
              slotProps={{ inputLabel: { shrink: true } }}
            >
              {[FORM_PROVIDER.TYPEFORM, FORM_PROVIDER.GOOGLE_FORMS].map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`forms.providers.${p}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          fullWidth
          label={t('forms.formId')}
          {...hook.register('form_id')}
          error={!!errors.form_id}
          helperText={message(errors.form_id?.message) ?? t('forms.formIdHelp')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'form-provider-id' } }}
        />
      </Stack>
      <TextField
        label={t('forms.formUrl')}
        type="url"
        {...hook.register('form_url')}
        error={!!errors.form_url}
        helperText={message(errors.form_url?.message)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Controller
        control={hook.control}
        name="id_campus_year"
        render={({ field }) => (
          <TextField
            select
            label={t('forms.period')}
            {...field}
            value={field.value ?? ''}
            error={!!errors.id_campus_year}
            helperText={message(errors.id_campus_year?.message)}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('forms.anyPeriod')}</MenuItem>
            {periods.map((p) => (
              <MenuItem key={p.id_campus_year} value={p.id_campus_year}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {statusSelect('id_status_from', t('forms.statusFrom'), t('forms.anyStatus'))}
        {statusSelect('id_status_to', t('forms.statusTo'), t('forms.noMove'))}
      </Stack>
      <Controller
        control={hook.control}
        name="is_application_form"
        render={({ field }) => (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'application-form-help' } }}
                />
              }
              label={t('forms.applicationForm')}
            />
            <FormHelperText id="application-form-help">{t('forms.applicationFormHelp')}</FormHelperText>
          </Box>
        )}
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2">
          {t('forms.fieldMap')}
        </Typography>
        <FormHelperText sx={{ mb: 1 }}>{t('forms.fieldMapHelp')}</FormHelperText>
        <Stack spacing={1}>
          {rows.map((row, i) => (
            <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
              <TextField
                size="small"
                fullWidth
                label={t('forms.question')}
                value={row.question}
                onChange={(e) => setRow(i, { question: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <Stack direction="row" spacing={1} alignItems="center" sx={{ width: { xs: '100%', sm: 'auto' } }}>
                <TextField
                  select
                  size="small"
                  label={t('forms.field')}
                  value={row.field}
                  onChange={(e) => setRow(i, { field: e.target.value })}
                  sx={{ minWidth: 220, flex: 1 }}
                  slotProps={{ inputLabel: { shrink: true } }}
                >
                  {FORM_FIELDS.map((f) => (
                    <MenuItem key={f} value={f}>
                      {t(`forms.fields.${f}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <IconButton
                  aria-label={t('forms.removeMapping', { question: row.question || i + 1 })}
                  onClick={() => setRows((current) => current.filter((_, j) => j !== i))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
            </Stack>
          ))}
        </Stack>
        {mapError && (
          <FormHelperText error role="alert">
            {mapError}
          </FormHelperText>
        )}
        <Button
          startIcon={<AddIcon />}
          size="small"
          sx={{ mt: 1 }}
          onClick={() => setRows((current) => [...current, { question: '', field: 'first_name' }])}
        >
          {t('forms.addMapping')}
        </Button>
      </Box>
    </DialogForm>
  );
}
