import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { MessageHold } from '@openseat/shared/schemas/lottery';
import { familyDateTime } from '@openseat/shared/zoned-time';
import { currentLanguage } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useMessageHolds, useReleaseHold, useScheduleRelease } from '../api/lottery';

/** A time as staff read it: the campus's clock, with its zone ("December 2, 2026 at 5:00 PM MST"). */
const onCampusClock = (iso: string, hold: MessageHold, language: string) =>
  familyDateTime(new Date(iso), hold.timeZone, language);

/**
 * The messages to families that wait for staff (a real draw's offers, staff moves made with "hold the family's
 * message"): each batch can be released now, or scheduled for a day and time on the campus's clock.
 */
export function HeldMessagesPanel({ id_campus, mayRelease }: { id_campus: number; mayRelease: boolean }) {
  const { t } = useTranslation();
  const holds = useMessageHolds(id_campus);
  const [releasing, setReleasing] = useState<MessageHold | null>(null);
  const [scheduling, setScheduling] = useState<MessageHold | null>(null);
  const release = useReleaseHold();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  if (!holds.data?.length) return null;
  return (
    <Box component="section" aria-labelledby="held-messages-title" sx={{ mb: 2 }} data-testid="held-messages">
      <Typography variant="subtitle1" component="h3" id="held-messages-title" gutterBottom>
        {t('lottery.held.title')}
      </Typography>
      <Stack spacing={1}>
        {holds.data.map((hold) => (
          <Alert
            key={hold.id_message_hold}
            severity={hold.state === 'released' ? 'success' : 'warning'}
            data-testid={`held-${hold.state}`}
            sx={{ '& .MuiAlert-message': { width: '100%', overflowWrap: 'anywhere' } }}
          >
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {hold.id_lottery ? t('lottery.held.fromLottery') : t('lottery.held.fromMove')}
            </Typography>
            <Typography variant="body2">
              {hold.state === 'released'
                ? t('lottery.held.stateReleased', {
                    families: hold.families,
                    date: onCampusClock(hold.releasedAt!, hold, language),
                    by: hold.releasedBy ?? t('lottery.held.bySchedule'),
                  })
                : hold.state === 'scheduled'
                  ? t('lottery.held.stateScheduled', {
                      offers: hold.offers,
                      families: hold.families,
                      date: onCampusClock(hold.releaseAt!, hold, language),
                    })
                  : t('lottery.held.stateHeld', { offers: hold.offers, families: hold.families })}
            </Typography>
            {mayRelease && hold.state !== 'released' && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
                <Button variant="contained" size="small" onClick={() => setReleasing(hold)} data-testid="held-release">
                  {t('lottery.held.releaseNow')}
                </Button>
                <Button size="small" onClick={() => setScheduling(hold)} data-testid="held-schedule">
                  {hold.state === 'scheduled' ? t('lottery.held.changeSchedule') : t('lottery.held.schedule')}
                </Button>
              </Stack>
            )}
          </Alert>
        ))}
      </Stack>
      <ConfirmDialog
        open={releasing !== null}
        title={t('lottery.held.releaseConfirmTitle')}
        consequence={t('lottery.held.releaseConfirm', {
          families: releasing?.families ?? 0,
          offers: releasing?.offers ?? 0,
        })}
        confirmLabel={t('lottery.held.releaseNow')}
        onConfirm={async () => {
          const res = await release.mutateAsync(releasing!.id_message_hold);
          enqueueSnackbar(res.message, { variant: 'success' });
        }}
        onClose={() => setReleasing(null)}
      />
      {scheduling && <ScheduleDialog hold={scheduling} onClose={() => setScheduling(null)} />}
    </Box>
  );
}

/** The day and time (campus clock) the held messages go out. */
function ScheduleDialog({ hold, onClose }: { hold: MessageHold; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const schedule = useScheduleRelease();
  const [day, setDay] = useState('');
  const [time, setTime] = useState('09:00');
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = async (release_on: string | null) => {
    setRefusal(null);
    try {
      const res = await schedule.mutateAsync({ id: hold.id_message_hold, release_on, release_time: time });
      enqueueSnackbar(res.message, { variant: 'success' });
      onClose();
    } catch (e) {
      setRefusal((e as Error).message);
    }
  };
  return (
    <Dialog
      open
      onClose={schedule.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="held-schedule-title"
      data-testid="held-schedule-dialog"
    >
      <DialogTitle id="held-schedule-title">{t('lottery.held.scheduleTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('lottery.held.zoneNote', { zone: hold.timeZone })}
        </Typography>
        <Stack spacing={2}>
          <TextField
            type="date"
            label={t('lottery.held.day')}
            value={day}
            onChange={(e) => setDay(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'held-day' } }}
            required
          />
          <TextField
            type="time"
            label={t('lottery.held.time')}
            value={time}
            onChange={(e) => setTime(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'held-time' } }}
            required
          />
        </Stack>
        {schedule.isPending && <LinearProgress aria-label={t('common.loading')} sx={{ mt: 2 }} />}
        {refusal && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="held-schedule-refusal">
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {hold.state === 'scheduled' && (
          <Button onClick={() => void save(null)} disabled={schedule.isPending} data-testid="held-unschedule">
            {t('lottery.held.clearSchedule')}
          </Button>
        )}
        <Button onClick={onClose} disabled={schedule.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save(day)}
          disabled={!day || !time || schedule.isPending}
          data-testid="held-schedule-save"
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
