import { Grid, TextField } from '@mui/material';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { message } from '../lib/i18n';

/** One text input of a react-hook-form form in a two-column grid (half a row wide from `sm`), nested names too. */
export function GridTextField<T extends FieldValues, O>({
  form,
  name,
  label,
  type = 'text',
  required = false,
  disabled,
  helperText,
  testIdPrefix,
}: {
  form: UseFormReturn<T, unknown, O>;
  name: Path<T>;
  label: string;
  type?: string;
  required?: boolean;
  disabled?: boolean;
  /** Shown under the field while it has no error. */
  helperText?: string;
  /** The input's test id is `<prefix>-<name>`. */
  testIdPrefix: string;
}) {
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        fullWidth
        size="small"
        type={type}
        label={label}
        required={required}
        {...form.register(name)}
        error={!!error}
        helperText={message(error?.message) ?? helperText}
        disabled={disabled}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testIdPrefix}-${name}` } }}
      />
    </Grid>
  );
}
