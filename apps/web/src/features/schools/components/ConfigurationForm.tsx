import { useEffect } from 'react';
import { Button, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/http';

export type ConfigField = { name: string; kind: 'flag' | 'text' | 'secret' };

/**
 * A configuration form of flags, texts and secrets. A secret shows only its masked last characters; typing
 * replaces it, leaving it empty keeps it (the field is not sent).
 */
export function ConfigurationForm<T extends Record<string, unknown>>(props: {
  fields: ConfigField[];
  values: T | undefined;
  disabled: boolean;
  labelPrefix: string;
  onSave: (body: Record<string, unknown>) => Promise<{ message: string }>;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<Record<string, unknown>>();
  useEffect(() => {
    if (!props.values) return;
    form.reset(Object.fromEntries(props.fields.map((f) => [f.name, f.kind === 'secret' ? '' : (props.values![f.name] ?? (f.kind === 'flag' ? false : ''))])));
  }, [props.values, props.fields, form]);
  const onSubmit = form.handleSubmit(async (values) => {
    const body = Object.fromEntries(Object.entries(values).filter(([name, v]) => !(props.fields.find((f) => f.name === name)?.kind === 'secret' && v === '')));
    try {
      enqueueSnackbar((await props.onSave(body)).message, { variant: 'success' });
    } catch (error) {
      const e = error as ApiError;
      e.errors?.forEach((fe) => form.setError(fe.path, { message: fe.message }));
      enqueueSnackbar(e.message, { variant: 'error' });
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate sx={{ maxWidth: 560 }}>
      {props.fields.map((f) =>
        f.kind === 'flag' ? (
          <Controller key={f.name} control={form.control} name={f.name} render={({ field }) => (
            <FormControlLabel control={<Switch checked={Boolean(field.value)} disabled={props.disabled} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'aria-label': f.name } }} />} label={t(`${props.labelPrefix}.${f.name}`)} />
          )} />
        ) : (
          <TextField key={f.name} label={t(`${props.labelPrefix}.${f.name}`)} disabled={props.disabled} {...form.register(f.name)}
            placeholder={f.kind === 'secret' ? String(props.values?.[f.name] ?? '') : undefined}
            error={!!form.formState.errors[f.name]} helperText={(form.formState.errors[f.name]?.message as string | undefined) ?? (f.kind === 'secret' ? t('schools.secretHelp') : undefined)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `config-${f.name}` } }} />
        ),
      )}
      {!props.disabled && <Button type="submit" variant="contained" data-testid="config-save">{t('common.save')}</Button>}
    </Stack>
  );
}
