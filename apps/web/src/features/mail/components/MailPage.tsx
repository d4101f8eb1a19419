import { useState } from 'react';
import { Alert, Link, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { useCapturedMail, useCapturedMailItem } from '../api/mail';
import { CapturedBrowser } from './CapturedBrowser';
import { CapturedSmsTab } from './CapturedSmsTab';
import { OutboxTab } from './OutboxTab';

/** Renders plain-text mail with its links clickable (no HTML from mail is injected into the page). */
function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }} data-testid="mail-body">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <Link key={i} href={part} data-testid="mail-link">
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </Typography>
  );
}

/** Captured mail and SMS (no provider configured) and every school's outbox: SuperAdmin, never in production. */
export default function MailPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'mail' | 'sms' | 'outbox'>('mail');
  return (
    <>
      <PageTitle>{t('mail.title')}</PageTitle>
      <Tabs
        value={tab}
        onChange={(_, value) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('mail.title')}
        sx={{ mb: 2 }}
      >
        <Tab value="mail" label={t('messaging.mailTab')} data-testid="mail-tab-mail" />
        <Tab value="sms" label={t('messaging.smsTab')} data-testid="mail-tab-sms" />
        <Tab value="outbox" label={t('messaging.outboxTab')} data-testid="mail-tab-outbox" />
      </Tabs>
      {tab === 'mail' && <CapturedMailTab />}
      {tab === 'sms' && <CapturedSmsTab />}
      {tab === 'outbox' && <OutboxTab />}
    </>
  );
}

function CapturedMailTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useCapturedMail(page);
  const mail = useCapturedMailItem(selected);
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('mail.help')}
      </Alert>
      <CapturedBrowser
        list={list.data}
        page={page}
        onPage={setPage}
        idOf={(m) => m.id_captured_mail}
        primaryOf={(m) => m.subject}
        selected={selected}
        onSelect={setSelected}
        emptyText={t('mail.empty')}
        testId="mail"
      >
        {mail.data && (
          <>
            <Typography variant="h6">{mail.data.subject}</Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {t('mail.to')}: {mail.data.to}
            </Typography>
            <MailText text={mail.data.text ?? ''} />
          </>
        )}
      </CapturedBrowser>
    </>
  );
}
