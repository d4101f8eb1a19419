import { useGradeOptions } from '../../../hooks/lookups';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@mui/material';
import { FormSelect } from '../../../components/FormSelect';
import { useForm } from 'react-hook-form';
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
import { usePriorityOptions } from '../../../hooks/lookups';
import { useSaveGradeAndPriority } from '../api/applications';

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
      <FormSelect
        control={form.control}
        name="id_grade"
        label={t('applications.grade')}
        empty={t('common.notSelected')}
        options={(grades.data ?? []).map((g) => ({ value: g.id_grade, label: g.name }))}
        testId="grade-choice"
      />
      <FormSelect
        control={form.control}
        name="id_priority_item"
        label={t('applications.priority')}
        empty={t('common.notSelected')}
        options={(priorities.data ?? []).map((p) => ({ value: p.id_priority_item, label: priorityItemLabel(p.name) }))}
      />
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
    </DialogForm>
  );
}
