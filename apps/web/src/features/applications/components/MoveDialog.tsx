import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { mayMove } from '@openseat/shared/application-status';
import { STATUS, type StatusId } from '@openseat/shared/constants';
import type { ApplicationDetail } from '@openseat/shared/schemas/applications';
import { useAbility } from '../../../lib/client';
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

/** Move one application to another status (spec section 2 dialog "move application"). */
export function MoveDialog({ application, onClose }: { application: ApplicationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const move = useMoveApplications();
  const targets = useOfferedMoves(application);
  const [target, setTarget] = useState<StatusId | null>(null);
  const [hold, setHold] = useState(false);
  const offering = target === STATUS.OFFERED;
  const submit = async () => {
    if (target === null) return;
    try {
      const result = await move.mutateAsync({
        applicationIds: [application.id_application],
        id_status: target,
        ...(offering && hold ? { holdMessages: true } : {}),
      });
      enqueueSnackbar(noticeText(result.notice), { variant: result.notice.severity });
      onClose();
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('applications.moveTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {t('applications.moveFrom', { status: t(`statuses.${application.id_status}`) })}
        </DialogContentText>
        <RadioGroup
          value={target ?? ''}
          onChange={(e) => setTarget(Number(e.target.value) as StatusId)}
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
        {offering && (
          <FormControlLabel
            control={<Checkbox checked={hold} onChange={(e) => setHold(e.target.checked)} data-testid="move-hold" />}
            label={t('applications.holdMessage')}
            sx={{ mt: 1 }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={target === null || move.isPending}
          onClick={() => void submit()}
          data-testid="move-submit"
        >
          {t('applications.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
