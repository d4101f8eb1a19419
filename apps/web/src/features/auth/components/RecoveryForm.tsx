import { useTranslation } from 'react-i18next';
import type { RecoveryRequest } from '@openseat/shared/schemas/auth';
import { useLightForm } from '../../../lib/light-form';
import { notify } from '../../../lib/notices';
import { PlainButton } from '../../../components/PlainButton';
import { PlainTextField } from '../../../components/PlainTextField';
import { requestRecovery } from '../api/auth';
import styles from './auth.module.css';

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
    <form className={styles.stack} onSubmit={form.onSubmit} noValidate>
      <h2 className={styles.title}>{t('login.recoveryTitle')}</h2>
      <p className={styles.help}>{t('login.recoveryHelp')}</p>
      <PlainTextField
        label={t('login.email')}
        type="email"
        {...form.field('email')}
        inputProps={{ 'data-testid': 'recovery-email' }}
      />
      <PlainButton type="submit" variant="contained" disabled={form.submitting} data-testid="recovery-submit">
        {t('login.recoverySubmit')}
      </PlainButton>
      <PlainButton variant="link" onClick={onBack}>
        {t('login.back')}
      </PlainButton>
    </form>
  );
}
