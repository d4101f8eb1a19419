import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Link,
  List,
  ListItem,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  ApplicationCreateSchema,
  HEARD_FROM,
  type ApplicationCreate,
  type DuplicateCheck,
} from '@openseat/shared/schemas/applications';
import type { ApiError } from '../../../lib/http';
import { message, priorityItemLabel } from '../../../lib/i18n';
import {
  useCampusSchoolYears,
  useCheckDuplicates,
  useCreateApplication,
  useGuardianTypes,
  usePeriodGrades,
  usePriorityOptions,
} from '../api/applications';

type Input = z.input<typeof ApplicationCreateSchema>;
type Output = z.output<typeof ApplicationCreateSchema>;
type Campus = { id_campus: number; name: string };
type Duplicate = DuplicateCheck['duplicates'][number];

const blank = (id_campus: number | null, id_school_year: number | null): Input => ({
  id_campus: id_campus ?? '',
  id_school_year: id_school_year ?? '',
  id_grade: '',
  id_priority_item: '',
  heard_from: '',
  event_date: '',
  applicant: { firstName: '', lastName: '', dateOfBirth: '', email: '', phoneNumber: '' },
  guardian: { name: '', id_guardian_type: '', email: '', phoneNumber: '', dateOfBirth: '' },
});

/**
 * Staff intake of a walk-in or phone enquiry (docs/api-applications.md, `POST /application`). Saving asks the server
 * for possible duplicates first; when there are some, they are listed and staff choose to go on or go back.
 */
export function NewApplicationDialog({
  campuses,
  id_campus,
  id_school_year,
  onClose,
  onCreated,
}: {
  campuses: Campus[];
  id_campus: number | null;
  id_school_year: number | null;
  onClose: () => void;
  onCreated: (id_application: number) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const check = useCheckDuplicates();
  const create = useCreateApplication();
  const priorities = usePriorityOptions();
  const guardianTypes = useGuardianTypes();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ApplicationCreateSchema),
    defaultValues: blank(id_campus, id_school_year),
  });
  const chosenCampus = Number(useWatch({ control: form.control, name: 'id_campus' })) || null;
  const chosenYear = Number(useWatch({ control: form.control, name: 'id_school_year' })) || null;
  const years = useCampusSchoolYears(chosenCampus);
  const id_campus_year = years.data?.find((y) => y.id_school_year === chosenYear)?.id_campus_year ?? null;
  const grades = usePeriodGrades(id_campus_year);
  const [duplicates, setDuplicates] = useState<{ lead: ApplicationCreate; found: Duplicate[] } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = check.isPending || create.isPending;

  const refused = (error: unknown) => {
    const fields = (error as ApiError).errors ?? [];
    fields.forEach((f) => form.setError(f.path as FieldPath<Input>, { message: f.message }));
    setRefusal(fields.length ? null : (error as Error).message);
    setDuplicates(null);
  };
  const save = async (lead: ApplicationCreate) => {
    try {
      const res = await create.mutateAsync(lead);
      enqueueSnackbar(t('intake.created', { correlative: res.data.correlative }), { variant: 'success' });
      onCreated(res.data.id_application);
    } catch (error) {
      refused(error);
    }
  };
  const submit = form.handleSubmit(async (lead) => {
    setRefusal(null);
    try {
      const { duplicates: found } = await check.mutateAsync(lead);
      if (found.length) setDuplicates({ lead, found });
      else await save(lead);
    } catch (error) {
      refused(error);
    }
  });

  const errorOf = (name: FieldPath<Input>) =>
    name
      .split('.')
      .reduce<unknown>((e, k) => (e as Record<string, unknown> | undefined)?.[k], form.formState.errors) as
      { message?: string } | undefined;
  const field = (name: FieldPath<Input>, label: string, type = 'text', required = false) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        fullWidth
        size="small"
        type={type}
        label={label}
        required={required}
        {...form.register(name)}
        error={!!errorOf(name)}
        helperText={message(errorOf(name)?.message)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `new-${name}` } }}
      />
    </Grid>
  );
  const select = (name: FieldPath<Input>, label: string, options: Array<[number | string, string]>, empty?: string) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Controller
        control={form.control}
        name={name}
        render={({ field: f }) => (
          <TextField
            select
            fullWidth
            size="small"
            label={label}
            required={empty === undefined}
            value={(f.value as string | number | undefined) ?? ''}
            onChange={f.onChange}
            onBlur={f.onBlur}
            error={!!errorOf(name)}
            helperText={message(errorOf(name)?.message)}
            slotProps={{
              inputLabel: { shrink: true },
              select: { SelectDisplayProps: { 'data-testid': `new-${name}` } as object },
            }}
          >
            {empty !== undefined && <MenuItem value="">{empty}</MenuItem>}
            {options.map(([value, text]) => (
              <MenuItem key={value} value={value}>
                {text}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Grid>
  );
  const reasonOf = (d: Duplicate) => t(`intake.reasons.${d.reason}`);

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle>{t('intake.title')}</DialogTitle>
      <DialogContent>
        {duplicates ? (
          <Alert severity="warning" data-testid="new-duplicates">
            <AlertTitle>{t('intake.duplicatesTitle')}</AlertTitle>
            {t('intake.duplicatesIntro', { count: duplicates.found.length })}
            <List dense>
              {duplicates.found.map((d) => (
                <ListItem key={d.id_application} disableGutters>
                  <Link
                    href={`/main/applications/${d.id_application}`}
                    target="_blank"
                    rel="noopener"
                    title={t('intake.openDuplicate', { correlative: d.correlative })}
                  >
                    {t('intake.duplicateRow', {
                      correlative: d.correlative,
                      name: d.applicantName,
                      status: t(`statuses.${d.id_status}`),
                      reason: reasonOf(d),
                    })}
                  </Link>
                </ListItem>
              ))}
            </List>
          </Alert>
        ) : (
          <form id="new-application-form" onSubmit={submit} noValidate>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 1, mb: 1 }}>
              {t('intake.where')}
            </Typography>
            <Grid container spacing={2}>
              {select(
                'id_campus',
                t('applications.campus'),
                campuses.map((c) => [c.id_campus, c.name]),
              )}
              {select(
                'id_school_year',
                t('applications.schoolYear'),
                (years.data ?? []).map((y) => [y.id_school_year, y.name]),
              )}
              {select(
                'id_grade',
                t('applications.grade'),
                (grades.data ?? []).map((g) => [g.id_grade, g.grade.name]),
                t('common.notSelected'),
              )}
              {select(
                'id_priority_item',
                t('applications.priority'),
                (priorities.data ?? []).map((p) => [p.id_priority_item, priorityItemLabel(p.name)]),
                t('common.notSelected'),
              )}
              {select(
                'heard_from',
                t('intake.heardFrom'),
                HEARD_FROM.map((h) => [h, t(`intake.heard.${h}`)]),
                t('intake.notAsked'),
              )}
            </Grid>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
              {t('intake.student')}
            </Typography>
            <Grid container spacing={2}>
              {field('applicant.firstName', t('applications.firstName'), 'text', true)}
              {field('applicant.lastName', t('applications.lastName'), 'text', true)}
              {field('applicant.dateOfBirth', t('applications.dateOfBirth'), 'date')}
              {field('applicant.email', t('applications.email'), 'email')}
              {field('applicant.phoneNumber', t('applications.phone'), 'tel')}
            </Grid>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
              {t('intake.guardian')}
            </Typography>
            <Grid container spacing={2}>
              {field('guardian.name', t('applications.guardianName'), 'text', true)}
              {select(
                'guardian.id_guardian_type',
                t('applications.guardianType'),
                (guardianTypes.data ?? []).map((g) => [
                  g.id_guardian_type,
                  t(`intake.guardianTypes.${g.name}`, { defaultValue: g.name }),
                ]),
                t('common.notSelected'),
              )}
              {field('guardian.email', t('applications.email'), 'email')}
              {field('guardian.phoneNumber', t('applications.phone'), 'tel')}
            </Grid>
          </form>
        )}
        {refusal && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {duplicates ? (
          <>
            <Button onClick={() => setDuplicates(null)} disabled={busy}>
              {t('intake.back')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void save(duplicates.lead)}
              disabled={busy}
              data-testid="new-create-anyway"
            >
              {create.isPending ? t('intake.saving') : t('intake.createAnyway')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              form="new-application-form"
              variant="contained"
              disabled={busy}
              data-testid="new-save"
            >
              {check.isPending ? t('intake.checking') : create.isPending ? t('intake.saving') : t('intake.save')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
