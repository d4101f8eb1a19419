import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, MenuItem, TextField } from '@mui/material';
import { FormSelect } from '../../../components/FormSelect';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { useShowRefusal } from '../../../hooks/use-show-refusal';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CampusYearCreateSchema, type CampusYearRow } from '@openseat/shared/schemas/enrollment';
import { message } from '../../../lib/i18n';
import { useCampusOptions } from '../../../hooks/lookups';
import { useSavePeriod, useSchoolYears } from '../api/enrollment';
import { OfferDeadlineFields } from './OfferDeadlineFields';
import type { PeriodFormInput, PeriodFormOutput } from './period-form.types';

type Input = PeriodFormInput;
const DATES = ['enrollment_start_date', 'enrollment_end_date', 'first_day_of_school'] as const;

const valuesOf = (p: CampusYearRow | null, id_campus: number | null): Input => ({
  id_campus: p?.id_campus ?? id_campus ?? '',
  id_school_year: p?.id_school_year ?? '',
  spots: p?.spots ?? 0,
  enrollment_start_date: p?.enrollment_start_date ?? '',
  enrollment_end_date: p?.enrollment_end_date ?? '',
  first_day_of_school: p?.first_day_of_school ?? '',
  enrollment_acceptance_period: p?.enrollment_acceptance_period ?? 0,
  enrollment_mode: p?.enrollment_mode ?? 1,
  auto_move_waiting_list_on_decline: p?.auto_move_waiting_list_on_decline ?? false,
  sibling_priority: p?.sibling_priority ?? false,
  offer_deadline: {
    days: p?.offer_deadline.days ?? '',
    fixedDate: p?.offer_deadline.fixedDate ?? '',
    timeOfDay: p?.offer_deadline.timeOfDay ?? '17:00',
    skipWeekends: p?.offer_deadline.skipWeekends ?? false,
    holidays: p?.offer_deadline.holidays ?? [],
    reminderHours: p?.offer_deadline.reminderHours ?? '',
  },
});

/** Create or edit a school period; the server re-checks every rule and its field errors land on the fields. */
export function PeriodForm({
  period,
  id_campus,
  disabled,
  onSaved,
}: {
  period: CampusYearRow | null;
  id_campus: number | null;
  disabled: boolean;
  onSaved: (row: CampusYearRow) => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const years = useSchoolYears();
  const campuses = useCampusOptions();
  const save = useSavePeriod();
  const form = useForm<Input, unknown, PeriodFormOutput>({
    resolver: zodResolver(CampusYearCreateSchema),
    defaultValues: valuesOf(period, id_campus),
  });
  const refused = useShowRefusal(form.setError);
  useEffect(() => form.reset(valuesOf(period, id_campus)), [period, id_campus, form]);
  const errors = form.formState.errors;
  const chosenCampus = form.watch('id_campus');
  const timeZone = campuses.data?.find((c) => c.id_campus === Number(chosenCampus))?.timeZone ?? period?.timeZone;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await save.mutateAsync(period ? { ...values, id_campus_year: period.id_campus_year } : values);
      enqueueSnackbar(res.message, { variant: 'success' });
      onSaved(res.data);
    } catch (error) {
      refused(error);
    }
  });
  const select = (
    name: 'id_campus' | 'id_school_year',
    options: Array<{ value: number; label: string }>,
    locked: boolean,
  ) => (
    <FormSelect
      control={form.control}
      name={name}
      label={t(`periods.fields.${name}`)}
      options={options}
      fullWidth
      disabled={disabled || locked}
      testId={`period-${name}`}
    />
  );
  return (
    <Grid container spacing={2} component="form" onSubmit={onSubmit} noValidate>
      <Grid size={{ xs: 12, sm: 6 }}>
        {select(
          'id_campus',
          (campuses.data ?? []).map((c) => ({ value: c.id_campus, label: `${c.schoolName} · ${c.name}` })),
          period !== null,
        )}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {select(
          'id_school_year',
          (years.data ?? []).map((y) => ({ value: y.id_school_year, label: y.name })),
          period !== null && period.state !== 'not_started',
        )}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          label={t('periods.fields.spots')}
          disabled={disabled}
          {...form.register('spots')}
          error={!!errors.spots}
          helperText={message(errors.spots?.message)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'period-spots', inputMode: 'numeric' },
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          label={t('periods.fields.enrollment_acceptance_period')}
          disabled={disabled}
          {...form.register('enrollment_acceptance_period')}
          error={!!errors.enrollment_acceptance_period}
          helperText={message(errors.enrollment_acceptance_period?.message)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'period-acceptance', inputMode: 'numeric' },
          }}
        />
      </Grid>
      {DATES.map((d) => (
        <Grid key={d} size={{ xs: 12, sm: 4 }}>
          <TextField
            fullWidth
            type="date"
            label={t(`periods.fields.${d}`)}
            disabled={disabled}
            {...form.register(d)}
            error={!!errors[d]}
            helperText={message(errors[d]?.message)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': `period-${d}`, min: '1900-01-01', max: '2099-12-31' },
            }}
          />
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={form.control}
          name="enrollment_mode"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label={t('periods.fields.enrollment_mode')}
              disabled={disabled}
              {...field}
              value={field.value ?? 1}
            >
              <MenuItem value={1}>{t('periods.modes.1')}</MenuItem>
              <MenuItem value={2}>{t('periods.modes.2')}</MenuItem>
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormCheckbox
          control={form.control}
          name="auto_move_waiting_list_on_decline"
          label={t('periods.fields.auto_move_waiting_list_on_decline')}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormCheckbox
          control={form.control}
          name="sibling_priority"
          label={t('periods.fields.sibling_priority')}
          asSwitch
          disabled={disabled}
          testId="period-sibling_priority"
        />
      </Grid>
      <Grid size={12}>
        <OfferDeadlineFields form={form} timeZone={timeZone} disabled={disabled} />
      </Grid>
      {!disabled && (
        <Grid size={12}>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="period-save">
            {t('common.save')}
          </Button>
        </Grid>
      )}
    </Grid>
  );
}
