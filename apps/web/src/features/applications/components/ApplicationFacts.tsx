import { FAMILY_LANGUAGES } from '@openseat/shared/schemas/family';
import { Grid, Link, List, ListItem, ListItemText } from '@mui/material';
import type { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ApplicationDetail } from '@openseat/shared/schemas/applications';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { Section } from './DetailSection';
import { TagsSection } from './TagsSection';

type T = ReturnType<typeof useTranslation>['t'];

/** Who the applicant and guardian are, the event they came from, the tags and the siblings. */
export function ApplicationFacts({
  application: a,
  listPath,
  t,
}: {
  application: ApplicationDetail;
  listPath: string;
  t: T;
}) {
  const name = `${a.applicant.firstName} ${a.applicant.lastName}`;
  const field = (label: string, value: string | null | undefined, empty = t('intake.notGiven')) => (
    <ListItem disableGutters sx={{ py: 0.25 }}>
      <ListItemText primary={value || empty} secondary={label} />
    </ListItem>
  );
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Section title={t('applications.studentInfo')}>
          <List dense>
            {field(t('applications.applicant'), name)}
            {field(t('applications.dateOfBirth'), formatDate(a.applicant.dateOfBirth, t('common.noDate')))}
            {field(t('applications.grade'), a.grade?.name, t('common.notSelected'))}
            {field(t('applications.email'), a.applicant.email)}
            {field(t('applications.phone'), a.applicant.phoneNumber)}
            {field(t('applications.address'), a.applicant.address)}
            {field(t('applications.currentSchool'), a.applicant.actualSchool)}
            {field(t('applications.priority'), a.priority_item?.name, t('common.notSelected'))}
          </List>
        </Section>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Section title={t('applications.guardianInfo')}>
          <List dense>
            {field(t('applications.guardianName'), a.applicant.guardianName)}
            {field(
              t('applications.guardianType'),
              a.applicant.guardianType &&
                t(`intake.guardianTypes.${a.applicant.guardianType.name}`, {
                  defaultValue: a.applicant.guardianType.name,
                }),
              t('common.notSelected'),
            )}
            {field(t('applications.email'), a.applicant.guardianEmail)}
            {field(t('applications.phone'), a.applicant.guardianPhoneNumber)}
            {field(t('applications.address'), a.applicant.guardianAddress)}
            {field(t('applications.occupation'), a.applicant.guardianOccupation)}
            {field(
              t('messaging.guardianLanguage'),
              FAMILY_LANGUAGES.some((lng) => lng === a.applicant.guardianLanguage)
                ? t(`templates.languages.${a.applicant.guardianLanguage}`)
                : a.applicant.guardianLanguage,
            )}
          </List>
        </Section>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Section title={t('applications.eventInfo')}>
          <List dense>
            {field(t('applications.eventDate'), formatDateTime(a.event_date, currentLanguage(), t('common.noDate')))}
            {field(t('applications.eventPreference'), a.event_preference)}
            {field(
              t('intake.heardFrom'),
              a.heard_from && t(`intake.heard.${a.heard_from}`, { defaultValue: a.heard_from }),
            )}
            {field(t('applications.campus'), a.campuses[0]?.campus.name)}
            {field(t('applications.schoolYear'), a.school_year.name)}
          </List>
        </Section>
        <Section title={t('applications.tags')}>
          <TagsSection application={a} />
        </Section>
        {a.siblings.length > 0 && (
          <Section title={t('waiting.siblings')}>
            <List dense data-testid="application-siblings">
              {a.siblings.map((s) => (
                <ListItem key={s.id_application} disableGutters>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={`${listPath}/${s.id_application}`}>
                        {`#${s.correlative} ${s.applicantName}`}
                      </Link>
                    }
                    secondary={`${s.grade ?? t('common.notSelected')} · ${t(`statuses.${s.id_status}`)}`}
                  />
                </ListItem>
              ))}
            </List>
          </Section>
        )}
      </Grid>
    </Grid>
  );
}
