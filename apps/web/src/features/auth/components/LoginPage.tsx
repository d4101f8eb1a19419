import { useState } from 'react';
import { Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { LoginRequest } from '@openseat/shared/schemas/auth';
import { useSession } from '../../../lib/client';
import { useLightForm } from '../../../lib/light-form';
import { PlainTextField } from '../../../components/PlainTextField';
import { NativeLanguageSwitch } from '../../../components/NativeLanguageSwitch';
import { landingPath, login } from '../api/auth';
import { RecoveryForm } from './RecoveryForm';
import { SchoolChoice } from './SchoolChoice';
import { notify } from '../../../lib/notices';

const loadSchema = () => import('@openseat/shared/schemas/auth').then((m) => m.LoginRequestSchema);

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [recovering, setRecovering] = useState(false);
  const form = useLightForm<LoginRequest>(loadSchema, async (values) => {
    try {
      const signedIn = await login(values);
      const target = landingPath(signedIn);
      if (target) navigate(target, { replace: true });
    } catch (error) {
      notify((error as Error).message, 'error');
    }
  });

  const choosingSchool = user !== null && landingPath(user) === null;
  // signed in already (a reload, or another tab signed in): straight to the landing screen
  const landing = user && landingPath(user);
  if (landing) return <Navigate to={landing} replace />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
            <Typography variant="h5" component="h1" color="primary" data-testid="page-title">
              {t('appName')}
            </Typography>
            <NativeLanguageSwitch />
          </Stack>
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
            <Stack component="form" spacing={2} onSubmit={form.onSubmit} noValidate>
              <Typography variant="h6">{t('login.title')}</Typography>
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
              <Button type="submit" variant="contained" disabled={form.submitting} data-testid="login-submit">
                {t('login.submit')}
              </Button>
              <Link
                component="button"
                type="button"
                onClick={() => setRecovering(true)}
                data-testid="forgot-password-link"
              >
                {t('login.forgot')}
              </Link>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
