import { useGradeOptions } from '../../../hooks/lookups';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, LinearProgress, MenuItem, TextField } from '@mui/material';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { WaitingListReorderSchema, type WaitingListReorder } from '@openseat/shared/schemas/lottery';
import { DialogForm } from '../../../components/DialogForm';
import { useDialogSave } from '../../../hooks/use-dialog-save';
import { message } from '../../../lib/i18n';
import { useReorderWaitingList } from '../api/applications';

/** The form's values: the box starts unticked (the request only accepts it ticked). */
type Input = Omit<z.input<typeof WaitingListReorderSchema>, 'acknowledged'> & { acknowledged: boolean };
const resolver = zodResolver(WaitingListReorderSchema) as unknown as Resolver<Input, unknown, WaitingListReorder>;

/** Reorders one grade's waiting list by priorities (spec section 5): final, acknowledged, with a reason. */
export function ReorderWaitingListDialog({
  id_campus_year,
  initialGrade,
  onClose,
}: {
  id_campus_year: number;
  initialGrade?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const grades = useGradeOptions();
  const reorder = useReorderWaitingList();
  // the reason's rule shows once the field is left (then on every change), like the server's message
  const form = useForm<Input, unknown, WaitingListReorder>({
    resolver,
    mode: 'onTouched',
    defaultValues: { id_campus_year, id_grade: initialGrade ?? '', acknowledged: false, reason: '' },
  });
  const errors = form.formState.errors;
  const values = useWatch({ control: form.control });
  // final: the button waits for a valid reason (the shared rule), a grade and the box ticked
  const ready = WaitingListReorderSchema.safeParse(values).success;
  const { refusal, save } = useDialogSave(onClose);
  const onSubmit = form.handleSubmit((body) => save(() => reorder.mutateAsync(body)));
  return (
    <DialogForm
      title={t('waiting.reorderByPriorities')}
      titleId="reorder-title"
      dialogProps={{ 'data-testid': 'reorder-dialog' }}
      onClose={onClose}
      formId="reorder-form"
      onSubmit={onSubmit}
      pending={reorder.isPending}
      disabled={!ready}
      submitLabel={t('waiting.reorderNow')}
      submitColor="warning"
      submitTestId="reorder-accept"
    >
      <Alert severity="warning">{t('waiting.reorderWarning')}</Alert>
      <Controller
        control={form.control}
        name="id_grade"
        render={({ field }) => (
          <TextField
            select
            label={t('applications.grade')}
            {...field}
            value={field.value ?? ''}
            error={!!errors.id_grade}
            helperText={errors.id_grade ? message('required') : undefined}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'reorder-grade' } as object } }}
          >
            {(grades.data ?? []).map((g) => (
              <MenuItem key={g.id_grade} value={g.id_grade}>
                {g.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label={t('waiting.reason')}
        multiline
        minRows={2}
        {...form.register('reason')}
        error={!!errors.reason}
        helperText={errors.reason ? message(errors.reason.message) : t('waiting.reasonHint')}
        slotProps={{ htmlInput: { 'data-testid': 'reorder-reason' } }}
      />
      <FormCheckbox
        control={form.control}
        name="acknowledged"
        label={t('waiting.acknowledge')}
        testId="reorder-acknowledge"
      />
      {errors.acknowledged && (
        <Alert severity="error" role="alert">
          {message('reorderAcknowledge')}
        </Alert>
      )}
      {reorder.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {refusal && (
        <Alert severity="error" role="alert" data-testid="reorder-refusal">
          {refusal}
        </Alert>
      )}
    </DialogForm>
  );
}
