import { Grid, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HEARD_FROM } from '@openseat/shared/schemas/applications';
import { GridTextField } from '../../../components/GridTextField';
import { priorityItemLabel } from '../../../lib/i18n';
import { usePriorityOptions } from '../../../hooks/lookups';
import { useCampusSchoolYears, useGuardianTypes, usePeriodGrades } from '../api/applications';
import { IntakeSelect, type IntakeForm } from './IntakeFields';

type Campus = { id_campus: number; name: string };

/** The intake's fields: where (campus, school year, grade...), the student and the guardian. */
export function NewApplicationFields({ form, campuses }: { form: IntakeForm; campuses: Campus[] }) {
  const { t } = useTranslation();
  const priorities = usePriorityOptions();
  const guardianTypes = useGuardianTypes();
  const chosenCampus = Number(useWatch({ control: form.control, name: 'id_campus' })) || null;
  const chosenYear = Number(useWatch({ control: form.control, name: 'id_school_year' })) || null;
  const years = useCampusSchoolYears(chosenCampus);
  const id_campus_year = years.data?.find((y) => y.id_school_year === chosenYear)?.id_campus_year ?? null;
  const grades = usePeriodGrades(id_campus_year);
  const notSelected = t('common.notSelected');
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1, mb: 1 }}>
        {t('intake.where')}
      </Typography>
      <Grid container spacing={2}>
        <IntakeSelect
          form={form}
          name="id_campus"
          label={t('applications.campus')}
          options={campuses.map((c) => [c.id_campus, c.name])}
        />
        <IntakeSelect
          form={form}
          name="id_school_year"
          label={t('applications.schoolYear')}
          options={(years.data ?? []).map((y) => [y.id_school_year, y.name])}
        />
        <IntakeSelect
          form={form}
          name="id_grade"
          label={t('applications.grade')}
          options={(grades.data ?? []).map((g) => [g.id_grade, g.grade.name])}
          empty={notSelected}
        />
        <IntakeSelect
          form={form}
          name="id_priority_item"
          label={t('applications.priority')}
          options={(priorities.data ?? []).map((p) => [p.id_priority_item, priorityItemLabel(p.name)])}
          empty={notSelected}
        />
        <IntakeSelect
          form={form}
          name="heard_from"
          label={t('intake.heardFrom')}
          options={HEARD_FROM.map((h) => [h, t(`intake.heard.${h}`)])}
          empty={t('intake.notAsked')}
        />
      </Grid>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
        {t('intake.student')}
      </Typography>
      <Grid container spacing={2}>
        <GridTextField
          form={form}
          testIdPrefix="new"
          name="applicant.firstName"
          label={t('applications.firstName')}
          required
        />
        <GridTextField
          form={form}
          testIdPrefix="new"
          name="applicant.lastName"
          label={t('applications.lastName')}
          required
        />
        <GridTextField
          form={form}
          testIdPrefix="new"
          name="applicant.dateOfBirth"
          label={t('applications.dateOfBirth')}
          type="date"
        />
        <GridTextField
          form={form}
          testIdPrefix="new"
          name="applicant.email"
          label={t('applications.email')}
          type="email"
        />
        <GridTextField
          form={form}
          testIdPrefix="new"
          name="applicant.phoneNumber"
          label={t('applications.phone')}
          type="tel"
        />
      </Grid>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
        {t('intake.guardian')}
      </Typography>
      <Grid container spacing={2}>
        <GridTextField
          form={form}
          testIdPrefix="new"
          name="guardian.name"
          label={t('applications.guardianName')}
          required
        />
        <IntakeSelect
          form={form}
          name="guardian.id_guardian_type"
          label={t('applications.guardianType')}
          options={(guardianTypes.data ?? []).map((g) => [
            g.id_guardian_type,
            t(`intake.guardianTypes.${g.name}`, { defaultValue: g.name }),
          ])}
          empty={notSelected}
        />
        <GridTextField
          form={form}
          testIdPrefix="new"
          name="guardian.email"
          label={t('applications.email')}
          type="email"
        />
        <GridTextField
          form={form}
          testIdPrefix="new"
          name="guardian.phoneNumber"
          label={t('applications.phone')}
          type="tel"
        />
        <GridTextField
          form={form}
          testIdPrefix="new"
          name="sms_consent_source"
          label={t('intake.smsConsentSource')}
          helperText={t('intake.smsConsentSourceHelp')}
        />
      </Grid>
    </>
  );
}
