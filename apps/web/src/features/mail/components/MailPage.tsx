import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Pagination,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { formatDateTime } from '../../../lib/dates';
import { useCapturedMail, useCapturedMailItem } from '../api/mail';
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
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useCapturedMail(page);
  const mail = useCapturedMailItem(selected);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('mail.help')}
      </Alert>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Card sx={{ flex: 1 }}>
          <List component="div" data-testid="mail-list">
            {list.data?.data.length === 0 && <Box sx={{ p: 2 }}>{t('mail.empty')}</Box>}
            {list.data?.data.map((m) => (
              <ListItemButton
                key={m.id_captured_mail}
                selected={m.id_captured_mail === selected}
                onClick={() => setSelected(m.id_captured_mail)}
                data-testid="mail-item"
              >
                <ListItemText
                  primary={m.subject}
                  secondary={`${m.to} · ${formatDateTime(m.createdAt, i18n.language, t('common.noDate'))}`}
                />
              </ListItemButton>
            ))}
          </List>
          <Pagination count={pages} page={page + 1} onChange={(_, p) => setPage(p - 1)} sx={{ p: 1 }} />
        </Card>
        <Card sx={{ flex: 2 }}>
          <CardContent>
            {mail.data && (
              <>
                <Typography variant="h6">{mail.data.subject}</Typography>
                <Typography variant="body2" color="text.secondary" gutterBottom>
                  {t('mail.to')}: {mail.data.to}
                </Typography>
                <MailText text={mail.data.text ?? ''} />
              </>
            )}
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}
