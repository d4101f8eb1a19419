import { useState } from 'react';
import {
  Box,
  Card,
  CardContent,
  List,
  ListItemButton,
  ListItemText,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useCapturedSms, useCapturedSmsItem } from '../api/mail';

/** SMS kept by the capture transport (no Twilio account), newest first, and the one chosen. */
export function CapturedSmsTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useCapturedSms(page);
  const sms = useCapturedSmsItem(selected);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Card sx={{ flex: 1 }}>
        <List component="div" data-testid="sms-list" aria-label={t('messaging.smsTab')}>
          {list.data?.data.length === 0 && <Box sx={{ p: 2 }}>{t('messaging.smsEmpty')}</Box>}
          {list.data?.data.map((m) => (
            <ListItemButton
              key={m.id_captured_text_message}
              selected={m.id_captured_text_message === selected}
              onClick={() => setSelected(m.id_captured_text_message)}
              data-testid="sms-item"
            >
              <ListItemText
                primary={m.body.length > 60 ? `${m.body.slice(0, 60)}…` : m.body}
                secondary={`${m.to} · ${formatDateTime(m.createdAt, i18n.language, t('common.noDate'))}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          ))}
        </List>
        <Pagination count={pages} page={page + 1} onChange={(_, p) => setPage(p - 1)} sx={{ p: 1 }} />
      </Card>
      <Card sx={{ flex: 2 }}>
        <CardContent>
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
        </CardContent>
      </Card>
    </Stack>
  );
}
