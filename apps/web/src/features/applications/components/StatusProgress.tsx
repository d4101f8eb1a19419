import { Paper, Step, StepLabel, Stepper } from '@mui/material';
import type { useTranslation } from 'react-i18next';
import { PROGRESS_STEPS } from '@openseat/shared/application-status';
import { isStatusId } from '@openseat/shared/application-status';

type T = ReturnType<typeof useTranslation>['t'];

/** The steps of spec section 4 for the current status. */
export function StatusProgress({ id_status, t }: { id_status: number; t: T }) {
  if (!isStatusId(id_status)) return null;
  const { steps, current } = PROGRESS_STEPS[id_status];
  return (
    <Paper sx={{ p: 2, mb: 2, overflowX: 'auto' }}>
      <Stepper activeStep={current} alternativeLabel aria-label={t('applications.progress')}>
        {steps.map((step) => (
          <Step key={step} completed={steps.indexOf(step) < current}>
            <StepLabel>{t(`statuses.${step}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
    </Paper>
  );
}
