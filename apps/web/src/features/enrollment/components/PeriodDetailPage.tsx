import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { readinessProblems } from '@openseat/shared/enrollment-rules';
import type { CampusYearRow, PeriodAction } from '@openseat/shared/schemas/enrollment';
import { translate } from '@openseat/shared/messages';
import { useAbility } from '../../../lib/ability';
import type { ApiError } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { NotFound } from '../../../components/NotFound';
import { PageTitle } from '../../../components/PageTitle';
import { isNotFound, routeId } from '../../../components/route-id';
import { useActivatePeriod, usePeriod } from '../api/enrollment';
import { PeriodForm } from './PeriodForm';
import { SeatsTable } from './SeatsTable';

/**
 * Start: says why the period cannot start yet (the shared readiness rules, the same the server applies)
 * before the click; the button is enabled once nothing is missing.
 */
function StartButton({ period, onStart }: { period: CampusYearRow; onStart: () => void }) {
  const { t } = useTranslation();
  const problems = readinessProblems(period);
  return (
    <Stack spacing={1} sx={{ flexGrow: 1 }}>
      <Box>
        <Button
          variant="contained"
          disabled={problems.length > 0}
          onClick={onStart}
          aria-describedby={problems.length > 0 ? 'period-readiness' : undefined}
          data-testid="period-start"
        >
          {t('periods.start')}
        </Button>
      </Box>
      {problems.length > 0 && (
        <Alert severity="warning" id="period-readiness" data-testid="period-readiness">
          <strong>{t('periods.notReady')}</strong>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((key) => (
              <li key={key}>{translate(key, currentLanguage())}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Stack>
  );
}

/** A school period: its settings, seats per grade, and the start / finalize confirmations (spec section 4). */
export type LotteryPeriodRef = { id_campus_year: number; id_campus: number; id_school_year: number; started: boolean };

export default function PeriodDetailPage({
  renderLottery,
}: {
  /** The lottery of the period (composed by the router: features never import each other). */
  renderLottery?: (period: LotteryPeriodRef) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const id = routeId(useParams().id_campus_year);
  const period = usePeriod(id);
  const activate = useActivatePeriod();
  const [confirming, setConfirming] = useState<PeriodAction | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const p = period.data;
  // a refusal describes the period as it was: any saved change (dates, spots, state) clears it
  const version = p ? `${p.updatedAt}|${p.state}|${p.readiness.join()}` : '';
  useEffect(() => setRefusals([]), [version]);
  if (id === null || isNotFound(period.error)) return <NotFound backTo="/main/enrollment-settings" />;
  if (!p) return null;
  const finalized = p.state === 'finalized';
  const mayEdit = ability.can('edit', 'enrollment_settings') && !finalized;

  const run = async (action: PeriodAction) => {
    try {
      const res = await activate.mutateAsync({ id_campus_year: id, action });
      setRefusals([]);
      enqueueSnackbar(res.message, { variant: 'success' });
    } catch (error) {
      const e = error as ApiError;
      setRefusals([e.message, ...e.errors.map((fe) => fe.message)].filter((m, i, all) => all.indexOf(m) === i));
    }
  };

  return (
    <>
      <PageTitle>{`${p.campus.name} · ${p.school_year.name}`}</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }} sx={{ mb: 2 }}>
        <Chip
          label={t(`context.states.${p.state}`)}
          color={p.state === 'started' ? 'success' : 'default'}
          data-testid="period-state"
          sx={{ alignSelf: 'flex-start' }}
        />
        {p.state === 'not_started' && ability.can('start_school_year', 'enrollment_settings') && (
          <StartButton period={p} onStart={() => setConfirming('start')} />
        )}
        {p.state === 'started' && ability.can('finalize_school_year', 'enrollment_settings') && (
          <Button
            color="warning"
            variant="contained"
            onClick={() => setConfirming('finalize')}
            data-testid="period-finalize"
          >
            {t('periods.finalize')}
          </Button>
        )}
      </Stack>
      {finalized && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('periodFinalized', currentLanguage())}
        </Alert>
      )}
      {refusals.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="period-refusal" onClose={() => setRefusals([])}>
          {refusals.map((r) => (
            <div key={r}>{r}</div>
          ))}
        </Alert>
      )}
      <Paper sx={{ p: 2, mb: 2 }}>
        <PeriodForm period={p} id_campus={p.id_campus} disabled={!mayEdit} onSaved={() => undefined} />
      </Paper>
      {ability.can('access', 'school_year_spots') && (
        <Paper sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('periods.seatsPerGrade')}
          </Typography>
          <SeatsTable
            id_campus_year={id}
            total={p.spots}
            disabled={finalized || !ability.can('edit', 'school_year_spots')}
          />
        </Paper>
      )}
      {ability.can('access', 'enrollment_settings') && (
        <Paper sx={{ p: 2, mt: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('registration.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('registration.hint')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
            <Button component={RouterLink} to="registration" variant="outlined" data-testid="period-registration">
              {t('registration.open')}
            </Button>
            {ability.can('access', 'selected_list') && (
              <Button
                component={RouterLink}
                to={`/main/registration-reviews?period=${id}`}
                variant="outlined"
                data-testid="period-registration-review"
              >
                {t('registration.review.open')}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
      {ability.can('export_csv', 'selected_list') && (
        <Paper sx={{ p: 2, mt: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('sisHandoff.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('sisHandoff.hint')}
          </Typography>
          <Button component={RouterLink} to="sis" variant="outlined" data-testid="period-sis-handoff">
            {t('sisHandoff.open')}
          </Button>
        </Paper>
      )}
      {renderLottery && (
        <Paper sx={{ p: 2, mt: 2 }}>
          {renderLottery({
            id_campus_year: id,
            id_campus: p.id_campus,
            id_school_year: p.id_school_year,
            started: p.state === 'started',
          })}
        </Paper>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'start' ? t('periods.start') : t('periods.finalize')}
        consequence={confirming === 'start' ? t('periods.confirmStart') : t('periods.confirmFinalize')}
        confirmLabel={t('periods.confirm')}
        danger={confirming === 'finalize'}
        onConfirm={() => run(confirming!)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
