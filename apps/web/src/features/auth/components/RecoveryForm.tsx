import { Button, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RecoveryRequest } from '@openseat/shared/schemas/auth';
import { useLightForm } from '../../../lib/light-form';
import { PlainTextField } from '../../../components/PlainTextField';
import { requestRecovery } from '../api/auth';
import { notify } from '../../../lib/notices';

const loadSchema = () => import('@openseat/shared/schemas/auth').then((m) => m.RecoveryRequestSchema);

export function RecoveryForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const form = useLightForm<RecoveryRequest>(loadSchema, async ({ email }) => {
    try {
      const { message: info } = await requestRecovery(email);
      notify(info, 'info');
      onBack();
    } catch (error) {
      notify((error as Error).message, 'warning');
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={form.onSubmit} noValidate>
      <Typography variant="h6">{t('login.recoveryTitle')}</Typography>
      <Typography variant="body2">{t('login.recoveryHelp')}</Typography>
      <PlainTextField
        label={t('login.email')}
        type="email"
        {...form.field('email')}
        inputProps={{ 'data-testid': 'recovery-email' }}
      />
      <Button type="submit" variant="contained" disabled={form.submitting} data-testid="recovery-submit">
        {t('login.recoverySubmit')}
      </Button>
      <Link component="button" type="button" onClick={onBack}>
        {t('login.back')}
      </Link>
    </Stack>
  );
}
