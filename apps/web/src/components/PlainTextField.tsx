import { useId } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';

type Props = {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  error?: boolean;
  helperText?: React.ReactNode;
  defaultValue?: string;
  onChange?: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** Attributes of the input element itself (a data-testid). */
  inputProps?: Record<string, string>;
};

/**
 * An outlined text field drawn as MUI's TextField draws it, without TextField's select machinery (menus, popovers,
 * ~15 kB gzipped): for the sign-in page, which loads only what it shows (issue 22).
 */
export function PlainTextField({ label, helperText, error, inputProps, ...input }: Props) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        inputProps={inputProps}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
