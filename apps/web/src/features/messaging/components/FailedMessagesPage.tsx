import { useState } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Button, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CHANNELS } from '@openseat/shared/communication';
import type { FailedMessages } from '@openseat/shared/schemas/communication';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FilterSelect } from '../../../components/FilterSelect';
import { PageTitle } from '../../../components/PageTitle';
import { useCampusOptions } from '../../../hooks/lookups';
import { useFailedMessages, useResendFailed, type FailedFilter } from '../api/failed-messages';

const NO_FILTER: FailedFilter = { channel: '', from: '', to: '', id_campus: '' };

/**
 * Messages that failed after all their tries (a provider's outage), chosen by channel, time and campus and sent
 * again in one go: confirmed with their number, then followed until the copies are sent.
 */
export default function FailedMessagesPage() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<FailedFilter>(NO_FILTER);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const outOfOrder = filter.from !== '' && filter.to !== '' && filter.from >= filter.to;
  const failed = useFailedMessages(filter, !outOfOrder);
  const campuses = useCampusOptions();
  const resend = useResendFailed();
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const matching = failed.data?.failed ?? 0;
  const change = (part: Partial<FailedFilter>) => {
    setFilter((f) => ({ ...f, ...part }));
    setResult(null);
  };
  return (
    <>
      <PageTitle>{t('messaging.failedTitle')}</PageTitle>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {t('messaging.failedHelp')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <FilterSelect
          label={t('messaging.channel')}
          value={filter.channel}
          allLabel={t('messaging.allChannels')}
          options={CHANNELS}
          optionLabel={(c) => t(`messaging.${c}`)}
          onChange={(channel) => change({ channel })}
          testId="failed-channel"
          minWidth={180}
        />
        <TextField
          type="datetime-local"
          size="small"
          label={t('messaging.failedFrom')}
          value={filter.from}
          onChange={(e) => change({ from: e.target.value })}
          error={outOfOrder}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'failed-from' } }}
        />
        <TextField
          type="datetime-local"
          size="small"
          label={t('messaging.failedTo')}
          value={filter.to}
          onChange={(e) => change({ to: e.target.value })}
          error={outOfOrder}
          helperText={outOfOrder ? t('messaging.failedDatesOrder') : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'failed-to' } }}
        />
        {(campuses.data?.length ?? 0) > 1 && (
          <TextField
            select
            size="small"
            label={t('messaging.campus')}
            value={filter.id_campus}
            onChange={(e) => change({ id_campus: e.target.value === '' ? '' : Number(e.target.value) })}
            sx={{ minWidth: 200 }}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'failed-campus' },
            }}
          >
            <MenuItem value="">{t('messaging.allCampuses')}</MenuItem>
            {campuses.data?.map((c) => (
              <MenuItem key={c.id_campus} value={c.id_campus}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {failed.isError && <Alert severity="error">{failed.error.message}</Alert>}
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography sx={{ flex: 1 }} aria-live="polite" data-testid="failed-count">
            {t('messaging.failedCount', { n: number(matching) })}
          </Typography>
          <Button
            variant="contained"
            startIcon={<ReplayIcon />}
            disabled={matching === 0 || outOfOrder || resend.isPending}
            onClick={() => setConfirming(true)}
            data-testid="failed-resend"
          >
            {t('messaging.failedResend', { n: number(matching) })}
          </Button>
        </Stack>
      </Paper>
      {result && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="failed-result">
          {result}
        </Alert>
      )}
      {failed.data && failed.data.resent.total > 0 && <Progress counts={failed.data.resent} number={number} />}
      <ConfirmDialog
        open={confirming}
        title={t('messaging.failedConfirmTitle', { n: number(matching) })}
        consequence={t('messaging.failedConfirm', { n: number(matching) })}
        confirmLabel={t('messaging.failedConfirmLabel')}
        onConfirm={async () => setResult((await resend.mutateAsync(filter)).message)}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** How far the copies of the filter's messages have got: a bar, and the counts in words. */
function Progress({ counts, number }: { counts: FailedMessages['resent']; number: (n: number) => string }) {
  const { t } = useTranslation();
  const done = counts.total - counts.queued;
  return (
    <Box data-testid="failed-progress">
      <LinearProgress
        variant="determinate"
        value={(done / counts.total) * 100}
        aria-label={t('messaging.failedProgressLabel')}
        sx={{ mb: 1 }}
      />
      <Typography variant="body2">
        {t('messaging.failedProgress', {
          sent: number(counts.sent + counts.delivered),
          queued: number(counts.queued),
          failed: number(counts.failed),
          skipped: number(counts.skipped),
        })}
      </Typography>
    </Box>
  );
}
