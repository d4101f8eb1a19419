import { MenuItem, TextField } from '@mui/material';

type Props<V extends string> = {
  label: string;
  value: V | '';
  /** What the empty choice reads ("All states"). */
  allLabel: string;
  options: readonly V[];
  /** The option's text (defaults to the value itself). */
  optionLabel?: (value: V) => string;
  onChange: (value: V | '') => void;
  testId: string;
  minWidth?: number;
};

/** A list filter: one choice among `options`, or the empty "all" choice. */
export function FilterSelect<V extends string>({
  label,
  value,
  allLabel,
  options,
  optionLabel = (v) => v,
  onChange,
  testId,
  minWidth = 200,
}: Props<V>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V | '')}
      sx={{ minWidth }}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
      }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
