import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { FormSelect } from '../../../components/FormSelect';
import { useShowRefusal } from '../../../hooks/use-show-refusal';
import { DialogForm } from '../../../components/DialogForm';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TagRequestSchema, type TagRow } from '@openseat/shared/schemas/enrollment';
import type { CampusOption } from '@openseat/shared/schemas/schools';
import { message } from '../../../lib/i18n';
import { useSaveTag } from '../api/tags';

type Input = z.input<typeof TagRequestSchema>;

const valuesOf = (tag: TagRow | null, id_campus: number | null): Input => ({
  name: tag?.name ?? '',
  description: tag?.description ?? '',
  id_campus: tag?.id_campus ?? id_campus ?? '',
});

/** Create or edit a tag; a tag stays on its campus once created. */
export function TagDialog({
  open,
  tag,
  campuses,
  defaultCampus,
  onClose,
}: {
  open: boolean;
  tag: TagRow | null;
  campuses: CampusOption[];
  defaultCampus: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveTag();
  const form = useForm<Input, unknown, z.output<typeof TagRequestSchema>>({
    resolver: zodResolver(TagRequestSchema),
    defaultValues: valuesOf(tag, defaultCampus),
  });
  const refused = useShowRefusal(form.setError);
  // the dialog mounts for each tag: its defaults are set once; only an empty campus is filled in later
  useEffect(() => {
    if (defaultCampus !== null && !form.getValues('id_campus')) form.setValue('id_campus', defaultCampus);
  }, [defaultCampus, form]);
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      enqueueSnackbar((await save.mutateAsync({ id_tag: tag?.id_tag, body })).message, { variant: 'success' });
      onClose();
    } catch (error) {
      refused(error);
    }
  });
  return (
    <DialogForm
      open={open}
      title={tag ? t('tags.edit') : t('tags.create')}
      onClose={onClose}
      formId="tag-form"
      onSubmit={onSubmit}
      pending={save.isPending}
      submitTestId="tag-save"
    >
      <TextField
        label={t('tags.name')}
        {...form.register('name')}
        error={!!errors.name}
        helperText={message(errors.name?.message)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'tag-name' } }}
      />
      <TextField
        label={t('tags.description')}
        multiline
        {...form.register('description')}
        error={!!errors.description}
        helperText={message(errors.description?.message)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormSelect
        control={form.control}
        name="id_campus"
        label={t('tags.campus')}
        disabled={tag !== null}
        options={campuses.map((c) => ({ value: c.id_campus, label: `${c.schoolName} · ${c.name}` }))}
        testId="tag-campus"
      />
    </DialogForm>
  );
}
