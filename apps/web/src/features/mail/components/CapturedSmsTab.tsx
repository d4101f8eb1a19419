import { useState } from 'react';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCapturedSms, useCapturedSmsItem } from '../api/mail';
import { CapturedBrowser } from './CapturedBrowser';

/** SMS kept by the capture transport (no Twilio account), newest first, and the one chosen. */
export function CapturedSmsTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useCapturedSms(page);
  const sms = useCapturedSmsItem(selected);
  return (
    <CapturedBrowser
      list={list.data}
      page={page}
      onPage={setPage}
      idOf={(m) => m.id_captured_text_message}
      primaryOf={(m) => (m.body.length > 60 ? `${m.body.slice(0, 60)}…` : m.body)}
      wrapPrimary
      selected={selected}
      onSelect={setSelected}
      emptyText={t('messaging.smsEmpty')}
      label={t('messaging.smsTab')}
      testId="sms"
    >
      {sms.data && (
        <>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('mail.to')}: {sms.data.to} · {sms.data.from}
          </Typography>
          <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }} data-testid="sms-body">
            {sms.data.body}
          </Typography>
        </>
      )}
    </CapturedBrowser>
  );
}
