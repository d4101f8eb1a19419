import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Checkbox, DialogContentText, FormControlLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { useSnackbar } from 'notistack';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayMove } from '@openseat/shared/application-status';
import { STATUS } from '@openseat/shared/constants';
import { StatusMoveSchema, type ApplicationDetail, type StatusMove } from '@openseat/shared/schemas/applications';
import { DialogForm } from '../../../components/DialogForm';
import { useAbility } from '../../../lib/ability';
import { message } from '../../../lib/i18n';
import { useMoveApplications } from '../api/applications';
import { noticeText } from '../move-outcome';

/** The moves this application allows (the shared transition table) that the caller's permissions reach. */
export function useOfferedMoves(application: ApplicationDetail | undefined): number[] {
  const ability = useAbility();
  if (!application || application.periodState === 'finalized') return [];
  return application.allowedStatuses.filter((to) =>
    mayMove((action, subject) => ability.can(action, subject), application.id_status, to),
  );
}

type Input = z.input<typeof StatusMoveSchema>;

/** Move one application to another status (spec section 2 dialog "move application"). */
export function MoveDialog({ application, onClose }: { application: ApplicationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const move = useMoveApplications();
  const targets = useOfferedMoves(application);
  const form = useForm<Input, unknown, StatusMove>({
    resolver: zodResolver(StatusMoveSchema),
    defaultValues: { applicationIds: [application.id_application], id_status: null, holdMessages: false },
  });
  const [target, hold] = useWatch({ control: form.control, name: ['id_status', 'holdMessages'] });
  const offering = target === STATUS.OFFERED;
  // enrolled needs a complete registration packet, or this override with its reason (docs/registration.md)
  const [overriding, setOverriding] = useState(false);
  const overrideAsked = target === STATUS.ENROLLED && overriding;
  const onSubmit = form.handleSubmit(async ({ applicationIds, id_status, registrationOverride }) => {
    try {
      const result = await move.mutateAsync({
        applicationIds,
        id_status,
        ...(offering && hold ? { holdMessages: true } : {}),
        ...(overrideAsked && registrationOverride ? { registrationOverride } : {}),
      });
      enqueueSnackbar(noticeText(result.notice), { variant: result.notice.severity });
      onClose();
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  });
  return (
    <DialogForm
      title={t('applications.moveTitle')}
      onClose={onClose}
      maxWidth="xs"
      formId="move-form"
      onSubmit={onSubmit}
      pending={move.isPending}
      disabled={target === null}
      submitLabel={t('applications.move')}
      submitTestId="move-submit"
      plain
      before={
        <DialogContentText sx={{ mb: 1 }}>
          {t('applications.moveFrom', { status: t(`statuses.${application.id_status}`) })}
        </DialogContentText>
      }
    >
      <Controller
        control={form.control}
        name="id_status"
        render={({ field }) => (
          <RadioGroup
            value={field.value ?? ''}
            onChange={(e) => field.onChange(Number(e.target.value))}
            aria-label={t('applications.moveTo')}
          >
            {targets.map((id) => (
              <FormControlLabel
                key={id}
                value={id}
                control={<Radio />}
                label={t(`statuses.${id}`)}
                data-testid={`move-to-${id}`}
              />
            ))}
          </RadioGroup>
        )}
      />
      {target === STATUS.ENROLLED && (
        <FormControlLabel
          control={<Checkbox checked={overriding} onChange={(e) => setOverriding(e.target.checked)} />}
          label={t('applications.overrideRegistration')}
          data-testid="move-override"
          sx={{ mt: 1 }}
        />
      )}
      {overrideAsked && (
        <TextField
          label={t('applications.overrideReason')}
          required
          fullWidth
          multiline
          minRows={2}
          {...form.register('registrationOverride', { shouldUnregister: true })}
          error={!!form.formState.errors.registrationOverride}
          helperText={message(form.formState.errors.registrationOverride?.message)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'move-override-reason' } }}
          sx={{ mt: 1 }}
        />
      )}
      {offering && (
        <FormCheckbox
          control={form.control}
          name="holdMessages"
          label={t('applications.holdMessage')}
          testId="move-hold"
          sx={{ mt: 1 }}
        />
      )}
    </DialogForm>
  );
}
