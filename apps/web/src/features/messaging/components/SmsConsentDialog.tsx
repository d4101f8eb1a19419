import { zodResolver } from '@hookform/resolvers/zod';
import { TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SmsConsentChangeSchema } from '@openseat/shared/schemas/sms-consent';
import { DialogForm } from '../../../components/DialogForm';
import { useShowRefusal } from '../../../hooks/use-show-refusal';
import { message } from '../../../lib/i18n';
import { useRecordSmsConsent } from '../api/sms-consent';

type Input = z.input<typeof SmsConsentChangeSchema>;
type Output = z.output<typeof SmsConsentChangeSchema>;

/**
 * Staff record the family's word on texts: a consent needs where it came from ("said yes on the phone"), a withdrawal
 * may say why. Either is kept in the phone's history with who recorded it.
 */
export function SmsConsentDialog({
  id_application,
  phone,
  granted,
  onClose,
  onSaved,
}: {
  id_application: number;
  phone: string;
  granted: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const record = useRecordSmsConsent(id_application);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(SmsConsentChangeSchema),
    defaultValues: { granted, note: '' },
  });
  const refused = useShowRefusal(form.setError);
  const noteError = form.formState.errors.note;
  const submit = form.handleSubmit(async (change) => {
    try {
      await record.mutateAsync(change);
      onSaved();
      onClose();
    } catch (error) {
      refused(error);
    }
  });
  const words = granted ? 'grant' : 'withdraw';
  return (
    <DialogForm
      title={t(`messaging.smsConsent.${words}Title`)}
      titleId="sms-consent-title"
      onClose={onClose}
      formId="sms-consent-form"
      onSubmit={submit}
      pending={record.isPending}
      submitLabel={t(`messaging.smsConsent.${words}`)}
      submitColor={granted ? 'primary' : 'error'}
      submitTestId="sms-consent-submit"
    >
      <Typography variant="body2">{t(`messaging.smsConsent.${words}Consequence`, { phone })}</Typography>
      <TextField
        label={t(granted ? 'messaging.smsConsent.source' : 'messaging.smsConsent.reason')}
        required={granted}
        multiline
        minRows={2}
        {...form.register('note')}
        error={!!noteError}
        helperText={message(noteError?.message) || (granted ? t('messaging.smsConsent.sourceHelp') : '')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'sms-consent-note', maxLength: 500 } }}
      />
    </DialogForm>
  );
}
