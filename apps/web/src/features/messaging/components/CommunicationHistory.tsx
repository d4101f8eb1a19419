import { useState } from 'react';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import SmsIcon from '@mui/icons-material/SmsOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  Alert,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Pagination,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { CommunicationEntry } from '@openseat/shared/schemas/communication';
import { useAbility } from '../../../lib/ability';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MessageStateChip } from '../../../components/MessageStateChip';
import { formatDateTime } from '../../../lib/dates';
import { useCommunicationLog, useResend, useResendForm } from '../api/messaging';
import { SendEmailDialog } from './SendEmailDialog';
import { SmsConsentPanel } from './SmsConsentPanel';

function Entry({ entry, onResend }: { entry: CommunicationEntry; onResend?: () => void }) {
  const { t, i18n } = useTranslation();
  const kind = entry.type === 'email' ? t('messaging.email') : t('messaging.sms');
  return (
    <ListItem
      divider
      alignItems="flex-start"
      data-testid="communication-entry"
      secondaryAction={
        onResend && (
          <Tooltip title={t('messaging.resend')}>
            <IconButton
              edge="end"
              aria-label={t('messaging.resendLabel', { recipient: entry.recipient })}
              onClick={onResend}
            >
              <ReplayIcon />
            </IconButton>
          </Tooltip>
        )
      }
    >
      <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }} role="img" aria-label={kind} title={kind}>
        {entry.type === 'email' ? <EmailIcon /> : <SmsIcon />}
      </ListItemIcon>
      <ListItemText
        sx={{ pr: onResend ? 4 : 0, minWidth: 0 }}
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="span" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {entry.type === 'email' ? (entry.subject ?? t('messaging.noSubject')) : entry.body.slice(0, 60)}
            </Typography>
            <MessageStateChip state={entry.state} />
          </Stack>
        }
        secondary={
          <>
            <Typography component="span" variant="caption" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {kind} · {entry.template ?? t('messaging.custom')} · {t('messaging.to')}: {entry.recipient}
            </Typography>
            <Typography component="span" variant="caption" sx={{ display: 'block' }}>
              {formatDateTime(entry.sentAt ?? entry.createdAt, i18n.language, '')}
              {entry.author ? ` · ${t('messaging.by', { author: entry.author })}` : ''}
            </Typography>
            {entry.error && (
              <Typography
                component="span"
                variant="caption"
                color={entry.state === 'failed' ? 'error' : 'text.secondary'}
                sx={{ display: 'block', overflowWrap: 'anywhere' }}
              >
                {entry.error}
              </Typography>
            )}
          </>
        }
      />
    </ListItem>
  );
}

/** The messages sent about an application, newest first, with the manual sends staff may make from here. */
export function CommunicationHistory({ id_application }: { id_application: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const [page, setPage] = useState(0);
  const [sending, setSending] = useState(false);
  const [formAsked, setFormAsked] = useState(false);
  const [toResend, setToResend] = useState<CommunicationEntry | null>(null);
  const log = useCommunicationLog(id_application, page);
  const resend = useResend();
  const resendForm = useResendForm();
  const canSend = ability.can('send_custom_email', 'application');
  const canResend = ability.can('resend_email', 'application');
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
  const notify = (text: string) => enqueueSnackbar(text, { variant: 'success' });
  return (
    <Box data-testid="communication-history">
      <SmsConsentPanel id_application={id_application} />
      {(canSend || canResend) && (
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
          {canSend && (
            <Button size="small" variant="outlined" startIcon={<EmailIcon />} onClick={() => setSending(true)}>
              {t('messaging.sendEmail')}
            </Button>
          )}
          {canResend && (
            <Button size="small" variant="outlined" onClick={() => setFormAsked(true)}>
              {t('messaging.resendForm')}
            </Button>
          )}
        </Stack>
      )}
      {log.isError && <Alert severity="error">{log.error.message}</Alert>}
      {log.data && log.data.total === 0 && (
        <Typography color="text.secondary" data-testid="communication-empty">
          {t('messaging.empty')}
        </Typography>
      )}
      {log.data && log.data.data.length > 0 && (
        <List dense disablePadding aria-label={t('messaging.history')}>
          {log.data.data.map((entry) => (
            <Entry key={entry.id_message} entry={entry} onResend={canResend ? () => setToResend(entry) : undefined} />
          ))}
        </List>
      )}
      {pages > 1 && <Pagination count={pages} page={page + 1} onChange={(_, p) => setPage(p - 1)} sx={{ mt: 1 }} />}
      {sending && (
        <SendEmailDialog
          id_application={id_application}
          onClose={() => setSending(false)}
          onSent={(text) => {
            notify(text);
            setPage(0);
          }}
        />
      )}
      <ConfirmDialog
        open={formAsked}
        title={t('messaging.resendFormTitle')}
        consequence={t('messaging.resendFormConsequence')}
        confirmLabel={t('messaging.send')}
        onConfirm={async () => notify((await resendForm.mutateAsync(id_application)).message)}
        onClose={() => setFormAsked(false)}
      />
      <ConfirmDialog
        open={toResend !== null}
        title={t('messaging.resendTitle')}
        consequence={t('messaging.resendConsequence', { recipient: toResend?.recipient ?? '' })}
        confirmLabel={t('messaging.resend')}
        onConfirm={async () => {
          if (toResend) notify((await resend.mutateAsync(toResend.id_message)).message);
        }}
        onClose={() => setToResend(null)}
      />
    </Box>
  );
}
