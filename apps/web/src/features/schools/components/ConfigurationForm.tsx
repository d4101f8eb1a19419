import { useEffect, useState } from 'react';
import { Button, FormControlLabel, LinearProgress, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setFieldErrors } from '../../../lib/form-errors';
import { message } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

export type ConfigField =
  | { name: string; kind: 'flag' | 'text' | 'secret' | 'time' }
  | { name: string; kind: 'select'; options: ReadonlyArray<{ value: number; label: string }> };

type Values = Record<string, unknown>;

/** What the form shows for a stored value: secrets start empty (typing replaces them), a null choice as ''. */
function initialValue(field: ConfigField, stored: unknown) {
  if (field.kind === 'secret') return '';
  if (field.kind === 'flag') return Boolean(stored);
  return stored ?? '';
}

/**
 * A configuration form of flags, texts, choices and secrets. A secret shows only its masked last characters;
 * typing replaces it, leaving it empty keeps it (the field is not sent). Turning `active` off asks first.
 */
export function ConfigurationForm(props: {
  fields: ConfigField[];
  values: Values | undefined;
  disabled: boolean;
  labelPrefix: string;
  /** Title and consequence of the confirmation shown when the save turns `active` off. */
  deactivation: { title: string; consequence: string };
  onSave: (body: Values) => Promise<{ message: string }>;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<Values>();
  const [pending, setPending] = useState<Values | null>(null);
  const { values, fields } = props;
  useEffect(() => {
    if (values) form.reset(Object.fromEntries(fields.map((f) => [f.name, initialValue(f, values[f.name])])));
  }, [values, fields, form]);

  const withoutUntouchedSecrets = (input: Values) =>
    Object.fromEntries(
      Object.entries(input).filter(
        ([name, v]) => !(fields.find((f) => f.name === name)?.kind === 'secret' && v === ''),
      ),
    );
  /** Saves; field errors land on their fields and the refusal is thrown on (for the confirmation dialog). */
  const save = async (input: Values) => {
    try {
      enqueueSnackbar((await props.onSave(withoutUntouchedSecrets(input))).message, { variant: 'success' });
    } catch (error) {
      setFieldErrors(form.setError, error);
      throw error;
    }
  };
  const onSubmit = form.handleSubmit(async (input) => {
    if (values?.active === true && input.active === false) return setPending(input);
    await save(input).catch((e: Error) => enqueueSnackbar(e.message, { variant: 'error' }));
  });

  // no editable form before the stored values are there (typing would be overwritten when they arrive)
  if (!values) return <LinearProgress aria-label={t('common.loading')} />;

  const text = (f: ConfigField) => (
    <TextField
      key={f.name}
      label={t(`${props.labelPrefix}.${f.name}`)}
      disabled={props.disabled}
      {...form.register(f.name)}
      type={f.kind === 'time' ? 'time' : undefined}
      placeholder={f.kind === 'secret' ? String(values?.[f.name] ?? '') : undefined}
      error={!!form.formState.errors[f.name]}
      helperText={
        message(form.formState.errors[f.name]?.message as string | undefined) ??
        (f.kind === 'secret' ? t('schools.secretHelp') : f.kind === 'time' ? t('schools.quietHoursHelp') : undefined)
      }
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `config-${f.name}` } }}
    />
  );
  const control = (f: ConfigField) => (
    <Controller
      key={f.name}
      control={form.control}
      name={f.name}
      render={({ field }) =>
        f.kind === 'select' ? (
          <TextField
            select
            label={t(`${props.labelPrefix}.${f.name}`)}
            disabled={props.disabled}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
            error={!!form.formState.errors[f.name]}
            helperText={message(form.formState.errors[f.name]?.message as string | undefined)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': `config-${f.name}` } as object } }}
          >
            <MenuItem value="">{t('common.none')}</MenuItem>
            {f.options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(field.value)}
                disabled={props.disabled}
                onChange={(e) => field.onChange(e.target.checked)}
              />
            }
            label={t(`${props.labelPrefix}.${f.name}`)}
          />
        )
      }
    />
  );
  return (
    <>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate sx={{ maxWidth: 560 }}>
        {fields.map((f) => (f.kind === 'flag' || f.kind === 'select' ? control(f) : text(f)))}
        {!props.disabled && (
          <Button type="submit" variant="contained" data-testid="config-save">
            {t('common.save')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={pending !== null}
        title={props.deactivation.title}
        consequence={props.deactivation.consequence}
        confirmLabel={t('common.deactivate')}
        danger
        onConfirm={() => save(pending!)}
        onClose={() => setPending(null)}
      />
    </>
  );
}
