import { Alert, AlertTitle, Link, List, ListItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DuplicateCheck } from '@openseat/shared/schemas/applications';

export type Duplicate = DuplicateCheck['duplicates'][number];

/** The applications a new lead may repeat, each opening in a new tab, with why it may be the same. */
export function DuplicatesNotice({ found }: { found: Duplicate[] }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="new-duplicates">
      <AlertTitle>{t('intake.duplicatesTitle')}</AlertTitle>
      {t('intake.duplicatesIntro', { count: found.length })}
      <List dense>
        {found.map((d) => (
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
                reason: t(`intake.reasons.${d.reason}`),
              })}
            </Link>
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
