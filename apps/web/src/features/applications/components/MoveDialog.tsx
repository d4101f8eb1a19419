import { zodResolver } from '@hookform/resolvers/zod';
import { DialogContentText, FormControlLabel, Radio, RadioGroup } from '@mui/material';
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
  const onSubmit = form.handleSubmit(async ({ applicationIds, id_status }) => {
    try {
      const result = await move.mutateAsync({
        applicationIds,
        id_status,
        ...(offering && hold ? { holdMessages: true } : {}),
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
