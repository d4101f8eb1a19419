import { Button, Link, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RecoveryRequest } from '@openseat/shared/schemas/auth';
import { message } from '../../../lib/i18n';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { PlainTextField } from '../../../components/PlainTextField';
import { requestRecovery } from '../api/auth';

const resolver = lazyZodResolver<RecoveryRequest>(() =>
  import('@openseat/shared/schemas/auth').then((m) => m.RecoveryRequestSchema),
);

export function RecoveryForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<RecoveryRequest>({ resolver, defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const { message: info } = await requestRecovery(email);
      enqueueSnackbar(info, { variant: 'info' });
      onBack();
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'warning' });
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <Typography variant="h6">{t('login.recoveryTitle')}</Typography>
      <Typography variant="body2">{t('login.recoveryHelp')}</Typography>
      <PlainTextField
        label={t('login.email')}
        type="email"
        {...form.register('email')}
        error={!!form.formState.errors.email}
        helperText={message(form.formState.errors.email?.message)}
        inputProps={{ 'data-testid': 'recovery-email' }}
      />
      <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} data-testid="recovery-submit">
        {t('login.recoverySubmit')}
      </Button>
      <Link component="button" type="button" onClick={onBack}>
        {t('login.back')}
      </Link>
    </Stack>
  );
}
