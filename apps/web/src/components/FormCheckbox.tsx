import { Checkbox, FormControlLabel, Switch, type SxProps, type Theme } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A yes/no field of a react-hook-form form: a labelled checkbox, or a switch. */
export function FormCheckbox<T extends FieldValues, O>({
  control,
  name,
  label,
  asSwitch = false,
  disabled,
  testId,
  labelTestId,
  sx,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  asSwitch?: boolean;
  disabled?: boolean;
  /** On the checkbox (or switch) itself. */
  testId?: string;
  /** On the whole label. */
  labelTestId?: string;
  sx?: SxProps<Theme>;
}) {
  const Toggle = asSwitch ? Switch : Checkbox;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Toggle
              disabled={disabled}
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.target.checked)}
              data-testid={testId}
            />
          }
          label={label}
          sx={sx}
          data-testid={labelTestId}
        />
      )}
    />
  );
}
