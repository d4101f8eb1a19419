import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { DialogForm } from '../../../components/DialogForm';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SchoolRequestSchema, type SchoolRow } from '@openseat/shared/schemas/schools';
import { message } from '../../../lib/i18n';
import { useSaveSchool } from '../api/schools';

type Input = z.input<typeof SchoolRequestSchema>;
const FIELDS = ['name', 'address', 'telephone', 'email', 'website', 'description'] as const;

export function SchoolDialog({
  open,
  school,
  onClose,
}: {
  open: boolean;
  school: SchoolRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveSchool();
  const form = useForm<Input, unknown, z.output<typeof SchoolRequestSchema>>({
    resolver: zodResolver(SchoolRequestSchema),
  });
  useEffect(() => {
    form.reset(Object.fromEntries(FIELDS.map((f) => [f, school?.[f] ?? ''])) as Input);
  }, [school, open, form]);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      enqueueSnackbar((await save.mutateAsync({ id: school?.id_school, body })).message, { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  });
  return (
    <DialogForm
      open={open}
      title={school ? t('schools.edit') : t('schools.create')}
      onClose={onClose}
      formId="school-form"
      onSubmit={onSubmit}
      pending={save.isPending}
      submitTestId="school-save"
    >
      {FIELDS.map((f) => (
        <TextField
          key={f}
          label={t(`schools.fields.${f}`)}
          multiline={f === 'description'}
          {...form.register(f)}
          error={!!form.formState.errors[f]}
          helperText={message(form.formState.errors[f]?.message)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `school-${f}` } }}
        />
      ))}
    </DialogForm>
  );
}
