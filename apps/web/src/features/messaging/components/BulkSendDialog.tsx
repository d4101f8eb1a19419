import { useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useShowRefusal } from '../../../hooks/use-show-refusal';
import { useSnackbar } from 'notistack';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LIST_TYPE } from '@openseat/shared/constants';
import {
  SendMultipleRequestSchema,
  type MessageBatch,
  type SendMultipleRequest,
} from '@openseat/shared/schemas/communication';
import { DialogForm } from '../../../components/DialogForm';
import { useAbility } from '../../../lib/ability';
import { message } from '../../../lib/i18n';
import { batchDone, batchFinished, useBatch, useSendMultiple } from '../api/messaging';

type Input = z.input<typeof SendMultipleRequestSchema>;
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
  const form = useForm<Input, unknown, SendMultipleRequest>({
    resolver: zodResolver(SendMultipleRequestSchema),
    defaultValues: { ids, channel: 'email', subject: '', text: '', list: declined ? 'declined' : 'any' },
  });
  const refused = useShowRefusal(form.setError);
  const errors = form.formState.errors;
  const channel = useWatch({ control: form.control, name: 'channel' });
  const [batchId, setBatchId] = useState<number | null>(null);
  const send = useSendMultiple();
  const batch = useBatch(batchId);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const res = await send.mutateAsync({
        body: { ...body, subject: body.channel === 'email' ? body.subject : null },
        key,
      });
      enqueueSnackbar(res.message, { variant: 'success' });
      setBatchId(res.data.id_message_batch);
    } catch (error) {
      refused(error);
    }
  });
  const title = t('messaging.bulkTitle', { count: ids.length });
  const sent = batchId !== null;
  return (
    <DialogForm
      title={declined ? `${t('messaging.bulkSendDeclined')}: ${title}` : title}
      titleId="bulk-send-title"
      onClose={() => onClose(sent)}
      formId="bulk-send-form"
      onSubmit={onSubmit}
      pending={send.isPending}
      submitLabel={t('messaging.send')}
      submitTestId="bulk-send-submit"
      plain={sent}
      before={
        <>
          {sent && batch.data && <Progress batch={batch.data} />}
          {batch.isError && <Alert severity="error">{batch.error.message}</Alert>}
        </>
      }
      footer={
        sent ? (
          <DialogActions>
            <Button onClick={() => onClose(true)}>{t('messaging.close')}</Button>
          </DialogActions>
        ) : undefined
      }
    >
      {!sent && (
        <>
          <Controller
            control={form.control}
            name="channel"
            render={({ field }) => (
              <TextField
                select
                label={t('messaging.channel')}
                {...field}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'bulk-channel' } }}
              >
                <MenuItem value="email">{t('messaging.email')}</MenuItem>
                <MenuItem value="sms">{t('messaging.sms')}</MenuItem>
              </TextField>
            )}
          />
          {channel === 'email' && (
            <TextField
              label={t('messaging.subject')}
              {...form.register('subject')}
              error={!!errors.subject}
              helperText={message(errors.subject?.message)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'bulk-subject' } }}
            />
          )}
          <TextField
            label={t('messaging.text')}
            multiline
            minRows={4}
            {...form.register('text')}
            error={!!errors.text}
            helperText={
              message(errors.text?.message) || t('messaging.mergeHelp', { example: '{{applicant_first_name}}' })
            }
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'bulk-text' } }}
          />
        </>
      )}
    </DialogForm>
  );
}
