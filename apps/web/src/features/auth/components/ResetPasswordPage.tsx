import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResetPasswordRequest } from '@openseat/shared/schemas/auth';
import { useGo } from '../../../lib/go';
import { useLightForm } from '../../../lib/light-form';
import { notify } from '../../../lib/notices';
import { PlainButton } from '../../../components/PlainButton';
import { PlainTextField } from '../../../components/PlainTextField';
import { resetPassword } from '../api/auth';
import { SignedOutCard } from './SignedOutCard';
import styles from './auth.module.css';

/** The token never leaves through a Referer header: this page sets no-referrer. */
function useNoReferrer() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

const loadSchema = () => import('@openseat/shared/schemas/auth').then((m) => m.ResetPasswordRequestSchema);

/** The e-mailed link's page: plain elements like the sign-in page (a first page too). */
export default function ResetPasswordPage() {
  useNoReferrer();
  const { t } = useTranslation();
  const go = useGo();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const form = useLightForm<ResetPasswordRequest>(loadSchema, async (values) => {
    try {
      await resetPassword(values);
      notify(t('reset.done'), 'success');
      go('/login');
    } catch (error) {
      notify((error as Error).message, 'error');
    }
  });
  const tokenError = form.field('token').helperText;
  return (
    <SignedOutCard>
      <form className={styles.stack} onSubmit={form.onSubmit} noValidate>
        <h1 className={styles.title} data-testid="page-title">
          {t('reset.title')}
        </h1>
        <input type="hidden" name="token" value={token} />
        {tokenError ? <p className={styles.error}>{tokenError}</p> : null}
        <PlainTextField
          label={t('reset.password')}
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
          inputProps={{ 'data-testid': 'reset-password' }}
        />
        <PlainTextField
          label={t('reset.confirm')}
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
          inputProps={{ 'data-testid': 'reset-confirm' }}
        />
        <PlainButton type="submit" variant="contained" disabled={form.submitting} data-testid="reset-submit">
          {t('reset.submit')}
        </PlainButton>
      </form>
    </SignedOutCard>
  );
}
