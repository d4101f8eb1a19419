import { Grid } from '@mui/material';
import { FormSelect } from '../../../components/FormSelect';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ApplicationCreateSchema } from '@openseat/shared/schemas/applications';

export type IntakeInput = z.input<typeof ApplicationCreateSchema>;
export type IntakeForm = UseFormReturn<IntakeInput, unknown, z.output<typeof ApplicationCreateSchema>>;
type Name = FieldPath<IntakeInput>;

/** One choice of the intake form, half a row wide; with `empty` it may stay unchosen, without it is required. */
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
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <FormSelect
        control={form.control}
        name={name}
        label={label}
        options={options.map(([value, text]) => ({ value, label: text }))}
        empty={empty}
        required={empty === undefined}
        fullWidth
        size="small"
        shrink
        testId={`new-${name}`}
      />
    </Grid>
  );
}
