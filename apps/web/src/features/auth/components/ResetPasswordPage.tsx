import { useEffect } from 'react';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResetPasswordRequest } from '@openseat/shared/schemas/auth';
import { message } from '../../../lib/i18n';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { resetPassword } from '../api/auth';
import { notify } from '../../../lib/notices';

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

const resolver = lazyZodResolver<ResetPasswordRequest>(() =>
  import('@openseat/shared/schemas/auth').then((m) => m.ResetPasswordRequestSchema),
);

export default function ResetPasswordPage() {
  useNoReferrer();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<ResetPasswordRequest>({
    resolver,
    defaultValues: { token: params.get('token') ?? '', password: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword(values);
      notify(t('reset.done'), 'success');
      navigate('/login', { replace: true });
    } catch (error) {
      notify((error as Error).message, 'error');
    }
  });
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent>
          <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
            <Typography variant="h6" component="h1" data-testid="page-title">
              {t('reset.title')}
            </Typography>
            {errors.token && <Typography color="error">{message(errors.token.message)}</Typography>}
            <TextField
              label={t('reset.password')}
              type="password"
              autoComplete="new-password"
              {...form.register('password')}
              error={!!errors.password}
              helperText={message(errors.password?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'reset-password' } }}
            />
            <TextField
              label={t('reset.confirm')}
              type="password"
              autoComplete="new-password"
              {...form.register('confirmPassword')}
              error={!!errors.confirmPassword}
              helperText={message(errors.confirmPassword?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'reset-confirm' } }}
            />
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} data-testid="reset-submit">
              {t('reset.submit')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
