import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, MenuItem, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  ApplicationGradeSchema,
  ApplicationPrioritySchema,
  type ApplicationDetail,
} from '@openseat/shared/schemas/applications';
import { DialogForm } from '../../../components/DialogForm';
import { useDialogSave } from '../../../hooks/use-dialog-save';
import { priorityItemLabel } from '../../../lib/i18n';
import { useGradeOptions, usePriorityOptions, useSaveGradeAndPriority } from '../api/applications';

/** Both requests the dialog sends: the grade, then the priority item (none: null). */
const GradePrioritySchema = ApplicationGradeSchema.extend(ApplicationPrioritySchema.shape);
type Input = z.input<typeof GradePrioritySchema>;

/** Add or remove the grade and the priority item of an application (spec section 2 dialog). */
export function GradePriorityDialog({ application, onClose }: { application: ApplicationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const grades = useGradeOptions();
  const priorities = usePriorityOptions();
  const save = useSaveGradeAndPriority();
  const form = useForm<Input, unknown, z.output<typeof GradePrioritySchema>>({
    resolver: zodResolver(GradePrioritySchema),
    defaultValues: {
      id_application: application.id_application,
      id_grade: application.id_grade ?? '',
      id_priority_item: application.id_priority_item ?? '',
    },
  });
  const { refusal, save: send } = useDialogSave(onClose);
  const onSubmit = form.handleSubmit((change) => send(() => save.mutateAsync(change)));
  return (
    <DialogForm
      title={t('applications.gradeAndPriority')}
      onClose={onClose}
      maxWidth="xs"
      formId="grade-priority-form"
      onSubmit={onSubmit}
      pending={save.isPending}
      submitTestId="grade-save"
    >
      <Controller
        control={form.control}
        name="id_grade"
        render={({ field }) => (
          <TextField
            select
            label={t('applications.grade')}
            {...field}
            value={field.value ?? ''}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'grade-choice' } as object } }}
          >
            <MenuItem value="">{t('common.notSelected')}</MenuItem>
            {(grades.data ?? []).map((g) => (
              <MenuItem key={g.id_grade} value={g.id_grade}>
                {g.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={form.control}
        name="id_priority_item"
        render={({ field }) => (
          <TextField select label={t('applications.priority')} {...field} value={field.value ?? ''}>
            <MenuItem value="">{t('common.notSelected')}</MenuItem>
            {(priorities.data ?? []).map((p) => (
              <MenuItem key={p.id_priority_item} value={p.id_priority_item}>
                {priorityItemLabel(p.name)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
    </DialogForm>
  );
}
