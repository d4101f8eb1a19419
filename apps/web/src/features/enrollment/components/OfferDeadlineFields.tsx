import { useId, useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Chip, Grid, IconButton, Stack, TextField, Typography } from '@mui/material';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { periodOfferDeadlineOf } from '@openseat/shared/offer-deadline';
import { PeriodOfferDeadlineSchema } from '@openseat/shared/schemas/offer-deadline';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { formatDate } from '../../../lib/dates';
import { message } from '../../../lib/i18n';
import type { PeriodFormInput, PeriodFormOutput } from './period-form.types';

type Form = UseFormReturn<PeriodFormInput, unknown, PeriodFormOutput>;

/**
 * The period's offer deadline rule (docs/api-waiting-list.md, "Offer deadline rule"): days after the offer or a fixed
 * date (the earlier wins), the time of day, skipped weekends and holidays, and the family's reminder; with a live
 * sentence of when an offer made now would lapse, on the campus's clock.
 */
export function OfferDeadlineFields({
  form,
  timeZone,
  disabled,
}: {
  form: Form;
  timeZone?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const errors = form.formState.errors.offer_deadline;
  const field = (name: 'days' | 'fixedDate' | 'timeOfDay' | 'reminderHours', type: string, helper?: string) => (
    <TextField
      fullWidth
      type={type}
      label={t(`periods.deadline.${name}`)}
      disabled={disabled}
      {...form.register(`offer_deadline.${name}`)}
      error={!!errors?.[name]}
      helperText={message(errors?.[name]?.message) || helper}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          'data-testid': `period-deadline-${name}`,
          ...(type === 'text' ? { inputMode: 'numeric' } : {}),
          ...(type === 'date' ? { min: '1900-01-01', max: '2099-12-31' } : {}),
        },
      }}
    />
  );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 0.5 }}>
        {t('periods.deadline.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('periods.deadline.help')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>{field('days', 'text')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('fixedDate', 'date')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('timeOfDay', 'time')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormCheckbox
            control={form.control}
            name="offer_deadline.skipWeekends"
            label={t('periods.deadline.skipWeekends')}
            disabled={disabled}
            testId="period-deadline-skipWeekends"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('reminderHours', 'text', t('periods.deadline.reminderHelp'))}</Grid>
        <Grid size={12}>
          <Holidays form={form} disabled={disabled} />
        </Grid>
        <Grid size={12}>
          <DeadlinePreview form={form} timeZone={timeZone} />
        </Grid>
      </Grid>
    </Box>
  );
}

/** The listed holidays as removable chips, and a date field to add one (kept sorted, each once). */
function Holidays({ form, disabled }: { form: Form; disabled: boolean }) {
  const { t } = useTranslation();
  const [day, setDay] = useState('');
  const labelId = useId();
  const error = form.formState.errors.offer_deadline?.holidays;
  return (
    <Controller
      control={form.control}
      name="offer_deadline.holidays"
      render={({ field }) => {
        const list = (field.value ?? []) as string[];
        const add = () => {
          if (!day) return;
          field.onChange([...new Set([...list, day])].sort());
          setDay('');
        };
        return (
          <Stack spacing={1} role="group" aria-labelledby={labelId}>
            <Typography id={labelId} variant="body2">
              {t('periods.deadline.holidays')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', p: 0, m: 0 }} component="ul">
              {list.length === 0 && (
                <Typography component="li" variant="body2" color="text.secondary" sx={{ listStyle: 'none' }}>
                  {t('periods.deadline.noHolidays')}
                </Typography>
              )}
              {list.map((d) => (
                <Box component="li" key={d} sx={{ listStyle: 'none', display: 'flex', alignItems: 'center' }}>
                  <Chip label={formatDate(d, d)} variant="outlined" />
                  {!disabled && (
                    <IconButton
                      size="small"
                      aria-label={t('periods.deadline.removeHoliday', { date: formatDate(d, d) })}
                      onClick={() => field.onChange(list.filter((x) => x !== d))}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  )}
                </Box>
              ))}
            </Stack>
            {!disabled && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <TextField
                  type="date"
                  size="small"
                  label={t('periods.deadline.holiday')}
                  value={day}
                  onChange={(e) => setDay(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      add();
                    }
                  }}
                  error={!!error}
                  helperText={message(error?.message)}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: { 'data-testid': 'period-deadline-holiday', min: '1900-01-01', max: '2099-12-31' },
                  }}
                />
                <Button variant="outlined" onClick={add} disabled={!day} data-testid="period-deadline-add-holiday">
                  {t('periods.deadline.addHoliday')}
                </Button>
              </Stack>
            )}
          </Stack>
        );
      }}
    />
  );
}

/** "An offer made now lapses on Tuesday, December 1 at 5:00 PM EST": the rule as typed, on the campus's clock. */
function DeadlinePreview({ form, timeZone }: { form: Form; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const [rule, acceptance] = useWatch({
    control: form.control,
    name: ['offer_deadline', 'enrollment_acceptance_period'],
  });
  const parsed = PeriodOfferDeadlineSchema.safeParse(rule);
  const acceptanceDays = Number(acceptance);
  if (!timeZone || !parsed.success || !Number.isInteger(acceptanceDays) || acceptanceDays < 0) return null;
  const deadline = periodOfferDeadlineOf({ ...parsed.data, timeZone, acceptanceDays }, new Date());
  const lng = i18n.language === 'es' ? 'es' : 'en-US';
  const text = deadline
    ? t('periods.deadline.preview', {
        day: new Intl.DateTimeFormat(lng, { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(
          deadline,
        ),
        time: new Intl.DateTimeFormat(lng, { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
          .format(deadline)
          .replace(/[\u202f\u00a0]/g, ' '),
        interpolation: { escapeValue: false },
      })
    : t('periods.deadline.previewNever');
  return (
    <Typography role="status" variant="body2" data-testid="period-deadline-preview">
      {text}
    </Typography>
  );
}
