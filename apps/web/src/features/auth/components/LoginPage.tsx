import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '@openseat/shared/schemas/auth';
import { useSession } from '../../../lib/client';
import { useGo } from '../../../lib/go';
import { useLightForm } from '../../../lib/light-form';
import { notify } from '../../../lib/notices';
import { NativeLanguageSwitch } from '../../../components/NativeLanguageSwitch';
import { PlainButton } from '../../../components/PlainButton';
import { PlainTextField } from '../../../components/PlainTextField';
import { landingPath, login } from '../api/auth';
import { RecoveryForm } from './RecoveryForm';
import { SchoolChoice } from './SchoolChoice';
import { SignedOutCard } from './SignedOutCard';
import styles from './auth.module.css';

const loadSchema = () => import('@openseat/shared/schemas/auth').then((m) => m.LoginRequestSchema);

/** The first page (issue 22): plain elements, no MUI and no router (app/signed-out-app), as the pages it leads to. */
export default function LoginPage() {
  const { t } = useTranslation();
  const go = useGo();
  const { user } = useSession();
  const [recovering, setRecovering] = useState(false);
  const form = useLightForm<LoginRequest>(loadSchema, async (values) => {
    try {
      await login(values);
    } catch (error) {
      notify((error as Error).message, 'error');
    }
  });

  // signed in (just now, by a reload, or in another tab): on to the landing screen; a maintainer chooses a school first
  const landing = user && landingPath(user);
  useEffect(() => {
    if (landing) go(landing);
  }, [go, landing]);
  const choosingSchool = user !== null && landing === null;

  return (
    <SignedOutCard>
      <div className={styles.header}>
        <h1 className={styles.appName} data-testid="page-title">
          {t('appName')}
        </h1>
        <NativeLanguageSwitch />
      </div>
      {choosingSchool ? (
        <SchoolChoice schools={user.schools} />
      ) : recovering ? (
        <RecoveryForm
          onBack={() => {
            // the sign-in form comes back clean: no error from before the reset-link request
            form.clearErrors();
            setRecovering(false);
          }}
        />
      ) : (
        <form className={styles.stack} onSubmit={form.onSubmit} noValidate>
          <h2 className={styles.title}>{t('login.title')}</h2>
          <PlainTextField
            label={t('login.email')}
            type="email"
            autoComplete="username"
            {...form.field('email')}
            inputProps={{ 'data-testid': 'login-email' }}
          />
          <PlainTextField
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            {...form.field('password')}
            inputProps={{ 'data-testid': 'login-password' }}
          />
          <PlainButton
            type="submit"
            variant="contained"
            disabled={form.submitting || landing !== null}
            data-testid="login-submit"
          >
            {t('login.submit')}
          </PlainButton>
          <PlainButton variant="link" onClick={() => setRecovering(true)} data-testid="forgot-password-link">
            {t('login.forgot')}
          </PlainButton>
        </form>
      )}
    </SignedOutCard>
  );
}
