import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { useShowRefusal } from '../../../hooks/use-show-refusal';
import { DialogForm } from '../../../components/DialogForm';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SendEmailRequestSchema } from '@openseat/shared/schemas/communication';
import { message } from '../../../lib/i18n';
import { useSendEmail } from '../api/messaging';

type Input = z.input<typeof SendEmailRequestSchema>;
type Output = z.output<typeof SendEmailRequestSchema>;

/** A custom e-mail to the application's guardian; one key per dialog, so a double click sends once. */
export function SendEmailDialog({
  id_application,
  onClose,
  onSent,
}: {
  id_application: number;
  onClose: () => void;
  onSent: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const [key] = useState(() => crypto.randomUUID());
  const send = useSendEmail();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(SendEmailRequestSchema),
    defaultValues: { id_application, subject: '', text: '' },
  });
  const refused = useShowRefusal(form.setError);
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    try {
      onSent((await send.mutateAsync({ body, key })).message);
      onClose();
    } catch (error) {
      refused(error);
    }
  });
  return (
    <DialogForm
      title={t('messaging.sendEmail')}
      titleId="send-email-title"
      onClose={onClose}
      formId="send-email-form"
      onSubmit={submit}
      pending={send.isPending}
      submitLabel={t('messaging.send')}
      submitTestId="send-email-submit"
    >
      <TextField
        label={t('messaging.subject')}
        {...form.register('subject')}
        error={!!errors.subject}
        helperText={message(errors.subject?.message)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'send-subject' } }}
      />
      <TextField
        label={t('messaging.text')}
        multiline
        minRows={5}
        {...form.register('text')}
        error={!!errors.text}
        helperText={message(errors.text?.message) || t('messaging.mergeHelp', { example: '{{applicant_first_name}}' })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'send-text' } }}
      />
    </DialogForm>
  );
}
