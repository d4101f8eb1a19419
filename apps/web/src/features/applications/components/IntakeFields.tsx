import { Grid, MenuItem, TextField } from '@mui/material';
import { Controller, get, type FieldPath, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ApplicationCreateSchema } from '@openseat/shared/schemas/applications';
import { message } from '../../../lib/i18n';

export type IntakeInput = z.input<typeof ApplicationCreateSchema>;
export type IntakeForm = UseFormReturn<IntakeInput, unknown, z.output<typeof ApplicationCreateSchema>>;
type Name = FieldPath<IntakeInput>;

/** One choice of the intake form; with `empty` it may stay unchosen, without it is required. */
export function IntakeSelect({
  form,
  name,
  label,
  options,
  empty,
}: {
  form: IntakeForm;
  name: Name;
  label: string;
  options: Array<[number | string, string]>;
  empty?: string;
}) {
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Controller
        control={form.control}
        name={name}
        render={({ field: f }) => (
          <TextField
            select
            fullWidth
            size="small"
            label={label}
            required={empty === undefined}
            value={(f.value as string | number | undefined) ?? ''}
            onChange={f.onChange}
            onBlur={f.onBlur}
            error={!!error}
            helperText={message(error?.message)}
            slotProps={{
              inputLabel: { shrink: true },
              select: { SelectDisplayProps: { 'data-testid': `new-${name}` } as object },
            }}
          >
            {empty !== undefined && <MenuItem value="">{empty}</MenuItem>}
            {options.map(([value, text]) => (
              <MenuItem key={value} value={value}>
                {text}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Grid>
  );
}
