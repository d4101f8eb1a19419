import { useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@openseat/shared/communication';
import { LIST_TYPE } from '@openseat/shared/constants';
import type { MessageBatch } from '@openseat/shared/schemas/communication';
import { useAbility } from '../../../lib/client';
import type { ApiError } from '../../../lib/http';
import { batchDone, batchFinished, useBatch, useSendMultiple } from '../api/messaging';

type Selection = { ids: number[]; listType: number; clear: () => void };

/** The selection's "Send message" button (on the declined list: "Send message to declined", its own permission). */
export function BulkSendAction({ ids, listType, clear }: Selection) {
  const { t } = useTranslation();
  const ability = useAbility();
  const [open, setOpen] = useState(false);
  const declined = listType === LIST_TYPE.DECLINED;
  const allowed = declined
    ? ability.can('send_message_to_declined', 'declined_list')
    : ability.can('send_custom_email', 'applications');
  if (!allowed) return null;
  return (
    <Box sx={{ mb: 1 }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<SendIcon />}
        onClick={() => setOpen(true)}
        data-testid="bulk-send-open"
      >
        {declined ? t('messaging.bulkSendDeclined') : t('messaging.bulkSend')}
      </Button>
      {open && (
        <BulkSendDialog
          ids={ids}
          declined={declined}
          onClose={(sent) => {
            setOpen(false);
            if (sent) clear();
          }}
        />
      )}
    </Box>
  );
}

function Progress({ batch }: { batch: MessageBatch }) {
  const { t } = useTranslation();
  const done = batchFinished(batch);
  const value = batch.total === 0 ? 100 : Math.round((done / batch.total) * 100);
  return (
    <Stack spacing={1} data-testid="bulk-progress">
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={t('messaging.bulkProgress', { done, total: batch.total })}
      />
      <Typography variant="body2" role="status">
        {t('messaging.bulkProgress', { done, total: batch.total })}
      </Typography>
      {batchDone(batch) && (
        <Alert severity={batch.failed > 0 ? 'warning' : 'success'} data-testid="bulk-result">
          {t('messaging.bulkResult', {
            sent: batch.sent + batch.delivered,
            failed: batch.failed,
            skipped: batch.skipped,
            noAddress: batch.requested - batch.total,
          })}
        </Alert>
      )}
    </Stack>
  );
}

/** Channel, subject and text for every selected application; then the batch's progress until every message is done. */
export function BulkSendDialog({
  ids,
  declined,
  onClose,
}: {
  ids: number[];
  declined: boolean;
  onClose: (sent: boolean) => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [key] = useState(() => crypto.randomUUID());
  const [channel, setChannel] = useState<Channel>('email');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [batchId, setBatchId] = useState<number | null>(null);
  const send = useSendMultiple();
  const batch = useBatch(batchId);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const res = await send.mutateAsync({
        body: {
          ids,
          channel,
          subject: channel === 'email' ? subject : null,
          text,
          list: declined ? 'declined' : 'any',
        },
        key,
      });
      enqueueSnackbar(res.message, { variant: 'success' });
      setBatchId(res.data.id_message_batch);
    } catch (error) {
      const e = error as ApiError;
      setErrors(Object.fromEntries((e.errors ?? []).map((f) => [f.path, f.message])));
      enqueueSnackbar(e.message, { variant: 'error' });
    }
  };
  const title = t('messaging.bulkTitle', { count: ids.length });
  return (
    <Dialog open onClose={() => onClose(batchId !== null)} fullWidth maxWidth="sm" aria-labelledby="bulk-send-title">
      <DialogTitle id="bulk-send-title">
        {declined ? `${t('messaging.bulkSendDeclined')}: ${title}` : title}
      </DialogTitle>
      <DialogContent>
        {batchId === null ? (
          <Stack component="form" id="bulk-send-form" spacing={2} sx={{ pt: 1 }} onSubmit={submit} noValidate>
            <TextField
              select
              label={t('messaging.channel')}
              value={channel}
              onChange={(e) => setChannel(e.target.value as Channel)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'bulk-channel' } }}
            >
              <MenuItem value="email">{t('messaging.email')}</MenuItem>
              <MenuItem value="sms">{t('messaging.sms')}</MenuItem>
            </TextField>
            {channel === 'email' && (
              <TextField
                label={t('messaging.subject')}
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                error={!!errors.subject}
                helperText={errors.subject}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'bulk-subject' } }}
              />
            )}
            <TextField
              label={t('messaging.text')}
              multiline
              minRows={4}
              value={text}
              onChange={(e) => setText(e.target.value)}
              error={!!errors.text}
              helperText={errors.text || t('messaging.mergeHelp', { example: '{{applicant_first_name}}' })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'bulk-text' } }}
            />
          </Stack>
        ) : (
          batch.data && <Progress batch={batch.data} />
        )}
        {batch.isError && <Alert severity="error">{batch.error.message}</Alert>}
      </DialogContent>
      <DialogActions>
        {batchId === null ? (
          <>
            <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
            <Button
              type="submit"
              form="bulk-send-form"
              variant="contained"
              disabled={send.isPending}
              data-testid="bulk-send-submit"
            >
              {t('messaging.send')}
            </Button>
          </>
        ) : (
          <Button onClick={() => onClose(true)}>{t('messaging.close')}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
