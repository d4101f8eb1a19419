import type { ReactNode } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { message } from '../lib/i18n';

export type SelectOption = { value: number | string; label: ReactNode; disabled?: boolean };

/** A choice of a react-hook-form form; with `empty`, a first option that leaves it unchosen. */
export function FormSelect<T extends FieldValues, O>({
  control,
  name,
  label,
  options,
  empty,
  required,
  disabled,
  fullWidth,
  size,
  shrink = false,
  displayEmpty = false,
  testId,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  options: SelectOption[];
  /** The label of "nothing chosen" (a value of ''). */
  empty?: string;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** Keeps the label above the field. */
  shrink?: boolean;
  /** Shows the `empty` option's label while nothing is chosen. */
  displayEmpty?: boolean;
  /** On the shown value (the element a test clicks to open the list). */
  testId?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth={fullWidth}
          size={size}
          label={label}
          required={required}
          disabled={disabled}
          {...field}
          value={(field.value as string | number | null | undefined) ?? ''}
          error={!!fieldState.error}
          helperText={message(fieldState.error?.message)}
          slotProps={{
            ...(shrink ? { inputLabel: { shrink: true } } : {}),
            select: {
              ...(displayEmpty ? { displayEmpty: true } : {}),
              ...(testId ? { SelectDisplayProps: { 'data-testid': testId } as object } : {}),
            },
          }}
        >
          {empty !== undefined && <MenuItem value="">{empty}</MenuItem>}
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
