import { MenuItem, Stack, TextField } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STATUS } from '@openseat/shared/constants';
import { message } from '../../../lib/i18n';
import type { TemplateBody, TemplateValues } from '../template-form';

const STATUS_IDS = Object.values(STATUS);

/** The move a status change template is sent on: from (any status) and to. */
export function TemplateMoveFields({
  control,
  errors,
}: {
  control: Control<TemplateValues, unknown, TemplateBody>;
  errors: Partial<Record<string, { message?: string }>>;
}) {
  const { t } = useTranslation();
  const select = (name: 'id_status_from' | 'id_status_to', label: string, empty: string, required: boolean) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          required={required}
          label={label}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
          error={!!errors[name]}
          helperText={message(errors[name]?.message)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{empty}</MenuItem>
          {STATUS_IDS.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {select('id_status_from', t('templates.statusFrom'), t('templates.anyStatus'), false)}
      {select('id_status_to', t('templates.statusTo'), t('templates.noStatus'), true)}
    </Stack>
  );
}
