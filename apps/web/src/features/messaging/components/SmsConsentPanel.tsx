import { useState } from 'react';
import { Alert, Box, Button, Chip, Collapse, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { SmsConsentEntry } from '@openseat/shared/schemas/sms-consent';
import { useAbility } from '../../../lib/ability';
import { formatDateTime } from '../../../lib/dates';
import { useSmsConsent } from '../api/sms-consent';
import { SmsConsentDialog } from './SmsConsentDialog';

function HistoryEntry({ entry }: { entry: SmsConsentEntry }) {
  const { t, i18n } = useTranslation();
  const who = entry.recordedBy ? t('messaging.by', { author: entry.recordedBy }) : t('messaging.smsConsent.byFamily');
  return (
    <ListItem divider disableGutters data-testid="sms-consent-entry">
      <ListItemText
        primary={`${t(entry.granted ? 'messaging.smsConsent.given' : 'messaging.smsConsent.withdrawn')} · ${t(
          `messaging.smsConsent.sources.${entry.source}`,
        )}`}
        secondary={[formatDateTime(entry.at, i18n.language, ''), who, entry.note].filter(Boolean).join(' · ')}
        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

/**
 * Whether texts may go to the phone an application's texts go to: no SMS is sent without the family's consent
 * (docs/privacy.md, "Messaging consent"). Staff who edit the family's details record a consent they were given, with
 * where it came from, or a withdrawal; the history says who said what, when and how.
 */
export function SmsConsentPanel({ id_application }: { id_application: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const consent = useSmsConsent(id_application);
  const [changing, setChanging] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  if (consent.isError) return <Alert severity="error">{consent.error.message}</Alert>;
  if (!consent.data) return null;
  const { phone, granted, history } = consent.data;
  const canRecord = phone !== null && ability.can('edit_info', 'application');
  return (
    <Box data-testid="sms-consent" sx={{ mb: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" component="span">
          {phone ? t('messaging.smsConsent.textsTo', { phone }) : t('messaging.smsConsent.noPhone')}
        </Typography>
        {phone && (
          <Chip
            size="small"
            color={granted ? 'success' : 'default'}
            label={t(granted ? 'messaging.smsConsent.allowed' : 'messaging.smsConsent.notAllowed')}
            data-testid="sms-consent-state"
          />
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {canRecord && (
          <Button
            size="small"
            variant="outlined"
            color={granted ? 'error' : 'primary'}
            onClick={() => setChanging(true)}
            data-testid="sms-consent-change"
          >
            {t(granted ? 'messaging.smsConsent.withdraw' : 'messaging.smsConsent.grant')}
          </Button>
        )}
        {history.length > 0 && (
          <Button
            size="small"
            onClick={() => setShowHistory((shown) => !shown)}
            aria-expanded={showHistory}
            aria-controls="sms-consent-history"
          >
            {t(showHistory ? 'messaging.smsConsent.hideHistory' : 'messaging.smsConsent.showHistory', {
              count: history.length,
            })}
          </Button>
        )}
      </Stack>
      <Collapse in={showHistory} id="sms-consent-history">
        <List dense disablePadding aria-label={t('messaging.smsConsent.history')}>
          {history.map((entry, i) => (
            <HistoryEntry key={`${entry.at}-${i}`} entry={entry} />
          ))}
        </List>
      </Collapse>
      {changing && phone && (
        <SmsConsentDialog
          id_application={id_application}
          phone={phone}
          granted={!granted}
          onClose={() => setChanging(false)}
          onSaved={() => enqueueSnackbar(t('messaging.smsConsent.saved'), { variant: 'success' })}
        />
      )}
    </Box>
  );
}
