import { useEffect } from 'react';
import {
  Alert,
  Button,
  Chip,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { PagedTable } from '../../../components/PagedTable';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ADS_CONSENT_BASES,
  type AdsEventRow,
  type AdsSettings,
  type AdsSettingsRequest,
} from '@openseat/shared/schemas/ads-conversions';
import type { ApiError } from '../../../lib/http';
import { message } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/dates';
import { useAdsEvents, useAdsSettings, useSaveAdsSettings } from '../api/adsConversions';

type Values = { enabled: boolean; basis: string; note: string; hashed: boolean };

const valuesOf = (s: AdsSettings): Values => ({
  enabled: s.ads_conversions_enabled,
  basis: s.ads_consent_basis ?? '',
  note: s.ads_consent_note ?? '',
  hashed: s.ads_send_hashed_contact,
});

const STATUS_COLOR: Record<string, 'success' | 'error' | 'default' | 'warning'> = {
  sent: 'success',
  failed: 'error',
  pending: 'warning',
  sending: 'warning',
};

/**
 * A school's conversion events: off by default, switched on with a recorded basis; the guardian's hashed contact has
 * its own switch. Below, the most recent events and their attempts.
 */
export function AdsConversionsPanel({ id_school }: { id_school: number }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const settings = useAdsSettings(id_school);
  const save = useSaveAdsSettings();
  const form = useForm<Values>({ defaultValues: { enabled: false, basis: '', note: '', hashed: false } });
  useEffect(() => {
    if (settings.data) form.reset(valuesOf(settings.data));
  }, [settings.data, form]);

  const onSubmit = form.handleSubmit(async (v) => {
    const body: AdsSettingsRequest = {
      id_school,
      ads_conversions_enabled: v.enabled,
      ads_consent_basis: (v.basis || null) as AdsSettingsRequest['ads_consent_basis'],
      ads_consent_note: v.note || null,
      ads_send_hashed_contact: v.hashed,
    };
    try {
      enqueueSnackbar((await save.mutateAsync(body)).message, { variant: 'success' });
    } catch (error) {
      const e = error as ApiError;
      const field = (path: string) =>
        path === 'ads_consent_basis' ? 'basis' : path === 'ads_consent_note' ? 'note' : null;
      e.errors?.forEach((fe) => {
        const name = field(fe.path);
        if (name) form.setError(name, { message: fe.message });
      });
      enqueueSnackbar(e.message, { variant: 'error' });
    }
  });

  const data = settings.data;
  const missing = data ? [!data.metaReady && 'Meta', !data.googleReady && 'Google Ads'].filter(Boolean) : [];
  const when = (v: string | null) => formatDateTime(v, i18n.language, '');
  return (
    <Stack spacing={2} sx={{ mt: 4, maxWidth: 900 }} data-testid="ads-conversions">
      <Typography variant="h6" component="h2">
        {t('adsConversions.title')}
      </Typography>
      <Alert severity="info" data-testid="ads-conversions-explanation">
        {t('adsConversions.explanation')}
      </Alert>
      {!data ? (
        <Skeleton variant="rounded" height={180} aria-label={t('common.loading')} />
      ) : (
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate sx={{ maxWidth: 560 }}>
          <Typography variant="body2" color="text.secondary">
            {t('adsConversions.off')}
          </Typography>
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    slotProps={{ input: { 'data-testid': 'ads-enabled' } as object }}
                  />
                }
                label={t('adsConversions.enabled')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="basis"
            render={({ field }) => (
              <TextField
                select
                label={t('adsConversions.basis')}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                error={!!form.formState.errors.basis}
                helperText={message(form.formState.errors.basis?.message)}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ads-basis' } as object } }}
              >
                <MenuItem value="">{t('common.none')}</MenuItem>
                {ADS_CONSENT_BASES.map((basis) => (
                  <MenuItem key={basis} value={basis}>
                    {t(`adsConversions.bases.${basis}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label={t('adsConversions.note')}
            {...form.register('note')}
            multiline
            minRows={2}
            error={!!form.formState.errors.note}
            helperText={message(form.formState.errors.note?.message) ?? t('adsConversions.noteHelp')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'ads-note', maxLength: 500 } }}
          />
          {data.ads_consent_recorded_at && (
            <Typography variant="body2" color="text.secondary" data-testid="ads-recorded">
              {data.ads_consent_recorded_by
                ? t('adsConversions.recorded', {
                    name: data.ads_consent_recorded_by,
                    date: when(data.ads_consent_recorded_at),
                  })
                : t('adsConversions.recordedUnknown', { date: when(data.ads_consent_recorded_at) })}
            </Typography>
          )}
          <Controller
            control={form.control}
            name="hashed"
            render={({ field }) => (
              <div>
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      slotProps={{ input: { 'data-testid': 'ads-hashed' } as object }}
                    />
                  }
                  label={t('adsConversions.hashedContact')}
                />
                <FormHelperText>{t('adsConversions.hashedContactHelp')}</FormHelperText>
              </div>
            )}
          />
          {missing.length > 0 && (
            <Alert severity="warning">{t('adsConversions.notReady', { platforms: missing.join(', ') })}</Alert>
          )}
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="ads-save">
            {t('adsConversions.save')}
          </Button>
        </Stack>
      )}
      <RecentEvents id_school={id_school} />
    </Stack>
  );
}

function RecentEvents({ id_school }: { id_school: number }) {
  const { t, i18n } = useTranslation();
  const events = useAdsEvents(id_school);
  const detail = (row: AdsEventRow) => row.error ?? row.attemptLog.at(-1)?.message ?? '';
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        {t('adsConversions.recent')}
      </Typography>
      <PagedTable
        testId="ads-events"
        label={t('adsConversions.recent')}
        focusable
        paper={false}
        head={
          <>
            {(['date', 'platform', 'application', 'stage', 'status', 'attempts', 'detail'] as const).map((c) => (
              <TableCell key={c}>{t(`adsConversions.columns.${c}`)}</TableCell>
            ))}
          </>
        }
        emptyText={t('adsConversions.empty')}
        loading={[0, 1, 2].map((i) => (
          <TableRow key={i}>
            <TableCell colSpan={7}>
              <Skeleton aria-label={t('adsConversions.loading')} />
            </TableCell>
          </TableRow>
        ))}
        rows={events.data}
        renderRow={(row) => (
          <TableRow key={row.id_ads_conversion_event}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt, i18n.language, '')}</TableCell>
            <TableCell>{t(`adsConversions.platforms.${row.platform}`, { defaultValue: row.platform })}</TableCell>
            <TableCell>{row.id_application}</TableCell>
            <TableCell>{t(`adsConversions.stages.${row.eventName}`, { defaultValue: row.eventName })}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={t(`adsConversions.statuses.${row.status}`)}
                color={STATUS_COLOR[row.status] ?? 'default'}
              />
            </TableCell>
            <TableCell>{row.attempts}</TableCell>
            <TableCell sx={{ minWidth: 200, wordBreak: 'break-word' }}>{detail(row)}</TableCell>
          </TableRow>
        )}
      />
    </>
  );
}
