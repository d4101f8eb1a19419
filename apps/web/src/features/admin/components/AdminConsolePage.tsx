import { useState } from 'react';
import { Alert, Button, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { useSession } from '../../../lib/client';
import { NoAccess } from '../../../components/NoAccess';
import { PageTitle } from '../../../components/PageTitle';
import { AuditTab } from './AuditTab';
import { JobsTab } from './JobsTab';
import { RecordReadsExport } from './RecordReadsExport';

/** The admin console of system users: background jobs, the audit log, and the way to the outbox and mail. */
export default function AdminConsolePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'jobs' | 'audit' | 'mail'>('jobs');
  const { user } = useSession();
  // the console covers every school: a system user that has not chosen a school (the server refuses others)
  if (user?.id_context_type !== CONTEXT_TYPE.SYSTEM || user.id_school !== null) return <NoAccess />;
  return (
    <>
      <PageTitle>{t('admin.title')}</PageTitle>
      <Tabs
        value={tab}
        onChange={(_, value) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('admin.tabs')}
        sx={{ mb: 2 }}
      >
        <Tab value="jobs" label={t('admin.jobsTab')} data-testid="admin-tab-jobs" />
        <Tab value="audit" label={t('admin.auditTab')} data-testid="admin-tab-audit" />
        <Tab value="mail" label={t('admin.mailTab')} data-testid="admin-tab-mail" />
      </Tabs>
      {tab === 'jobs' && <JobsTab />}
      {tab === 'audit' && (
        <>
          <RecordReadsExport />
          <AuditTab />
        </>
      )}
      {tab === 'mail' && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/main/mail" size="small">
              {t('admin.openMail')}
            </Button>
          }
        >
          {t('admin.mailHelp')}
        </Alert>
      )}
    </>
  );
}
