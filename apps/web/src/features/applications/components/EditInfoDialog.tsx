import { FAMILY_LANGUAGES } from '@openseat/shared/schemas/family';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Dialog, DialogContent, DialogTitle, Grid, MenuItem, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApplicationUpdateSchema, type ApplicationDetail } from '@openseat/shared/schemas/applications';
import { DialogFooter } from '../../../components/DialogForm';
import { GridTextField } from '../../../components/GridTextField';
import type { ApiError } from '../../../lib/http';
import { message } from '../../../lib/i18n';
import { useUpdateInfo } from '../api/applications';

type Output = z.output<typeof ApplicationUpdateSchema>;
type Input = z.input<typeof ApplicationUpdateSchema>;

const valuesOf = (a: ApplicationDetail): Input => ({
  id_application: a.id_application,
  applicant: {
    firstName: a.applicant.firstName,
    lastName: a.applicant.lastName,
    email: a.applicant.email ?? '',
    phoneNumber: a.applicant.phoneNumber ?? '',
    dateOfBirth: a.applicant.dateOfBirth ?? '',
    address: a.applicant.address ?? '',
    addressStreet: a.applicant.addressStreet ?? '',
    addressCity: a.applicant.addressCity ?? '',
    addressState: a.applicant.addressState ?? '',
    addressZip: a.applicant.addressZip ?? '',
    gender: a.applicant.gender ?? '',
    ethnicity: a.applicant.ethnicity ?? '',
    actualSchool: a.applicant.actualSchool ?? '',
    sisterSchool: a.applicant.sisterSchool ?? '',
  },
  guardian: {
    id_guardian_type: a.applicant.id_guardian_type ?? null,
    name: a.applicant.guardianName ?? '',
    email: a.applicant.guardianEmail ?? '',
    phoneNumber: a.applicant.guardianPhoneNumber ?? '',
    address: a.applicant.guardianAddress ?? '',
    occupation: a.applicant.guardianOccupation ?? '',
    dateOfBirth: a.applicant.guardianDateOfBirth ?? '',
    language: FAMILY_LANGUAGES.find((lng) => lng === a.applicant.guardianLanguage) ?? 'en',
  },
  // the API keeps the event as a date (YYYY-MM-DD)
  event_date: a.event_date?.slice(0, 10) ?? '',
  event_preference: a.event_preference ?? '',
});

/** Edit student and guardian info (spec section 2); it needs a grade on the application first (spec section 5). */
export function EditInfoDialog({ application, onClose }: { application: ApplicationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useUpdateInfo();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ApplicationUpdateSchema),
    defaultValues: valuesOf(application),
  });
  const noGrade = application.id_grade === null;
  // an address received on one line (older rows, some forms) stays editable as such until its parts are filled
  const oneLineOnly = Boolean(application.applicant.address) && !application.applicant.addressStreet;
  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await save.mutateAsync(values);
      enqueueSnackbar(res.message, { variant: 'success' });
      onClose();
    } catch (error) {
      const fields = (error as ApiError).errors ?? [];
      fields.forEach((f) => form.setError(f.path as FieldPath<Input>, { message: f.message }));
      if (!fields.length) enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  });
  const field = (name: FieldPath<Input>, label: string, type = 'text') => (
    <GridTextField form={form} name={name} label={label} type={type} disabled={noGrade} testIdPrefix="info" />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('applications.editInfo')}</DialogTitle>
      <DialogContent>
        {noGrade && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {message('gradeRequired')}
          </Alert>
        )}
        <form id="info-form" onSubmit={submit} noValidate>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 1, mb: 1 }}>
            {t('applications.studentInfo')}
          </Typography>
          <Grid container spacing={2}>
            {field('applicant.firstName', t('applications.firstName'))}
            {field('applicant.lastName', t('applications.lastName'))}
            {field('applicant.dateOfBirth', t('applications.dateOfBirth'), 'date')}
            {field('applicant.email', t('applications.email'), 'email')}
            {field('applicant.phoneNumber', t('applications.phone'))}
            {oneLineOnly && field('applicant.address', t('applications.addressAsReceived'))}
            {field('applicant.addressStreet', t('applications.addressStreet'))}
            {field('applicant.addressCity', t('applications.addressCity'))}
            {field('applicant.addressState', t('applications.addressState'))}
            {field('applicant.addressZip', t('applications.addressZip'))}
            {field('applicant.gender', t('applications.gender'))}
            {field('applicant.actualSchool', t('applications.currentSchool'))}
          </Grid>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
            {t('applications.guardianInfo')}
          </Typography>
          <Grid container spacing={2}>
            {field('guardian.name', t('applications.guardianName'))}
            {field('guardian.email', t('applications.email'), 'email')}
            {field('guardian.phoneNumber', t('applications.phone'))}
            {field('guardian.address', t('applications.address'))}
            {field('guardian.occupation', t('applications.occupation'))}
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="guardian.language"
                render={({ field: language }) => (
                  <TextField
                    select
                    fullWidth
                    size="small"
                    label={t('messaging.guardianLanguage')}
                    value={language.value ?? 'en'}
                    onChange={language.onChange}
                    disabled={noGrade}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'info-guardian.language' } }}
                  >
                    {FAMILY_LANGUAGES.map((lng) => (
                      <MenuItem key={lng} value={lng}>
                        {t(`templates.languages.${lng}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
          </Grid>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
            {t('applications.eventInfo')}
          </Typography>
          <Grid container spacing={2}>
            {field('event_date', t('applications.eventDate'), 'date')}
            {field('event_preference', t('applications.eventPreference'))}
          </Grid>
        </form>
      </DialogContent>
      <DialogFooter
        onCancel={onClose}
        formId="info-form"
        pending={save.isPending}
        disabled={noGrade}
        submitTestId="info-save"
      />
    </Dialog>
  );
}
