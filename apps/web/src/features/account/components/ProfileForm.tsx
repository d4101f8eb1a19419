import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { optionalPhone, requiredText } from '@openseat/shared/schemas/rules';
import { message, roleLabel } from '../../../lib/i18n';
import { useProfile, useUpdateProfile } from '../api/account';

const ProfileSchema = z.object({ name: requiredText(120), telephone: optionalPhone });
type ProfileInput = z.input<typeof ProfileSchema>;

export function ProfileForm() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const profile = useProfile();
  const update = useUpdateProfile();
  const form = useForm<ProfileInput, unknown, z.output<typeof ProfileSchema>>({
    resolver: zodResolver(ProfileSchema),
    defaultValues: { name: '', telephone: '' },
  });
  useEffect(() => {
    if (profile.data) form.reset({ name: profile.data.name, telephone: profile.data.telephone ?? '' });
  }, [profile.data, form]);
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await update.mutateAsync(values);
      enqueueSnackbar(res.message, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <TextField label={t('settings.email')} value={profile.data?.email ?? ''} disabled />
      <TextField
        label={t('settings.role')}
        value={profile.data?.role ? roleLabel(profile.data.role.name) : ''}
        disabled
      />
      <TextField
        label={t('settings.name')}
        {...form.register('name')}
        error={!!errors.name}
        helperText={message(errors.name?.message)}
        slotProps={{ htmlInput: { 'data-testid': 'profile-name' }, inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('settings.telephone')}
        {...form.register('telephone')}
        error={!!errors.telephone}
        helperText={message(errors.telephone?.message)}
        slotProps={{ htmlInput: { 'data-testid': 'profile-telephone' }, inputLabel: { shrink: true } }}
      />
      <Button type="submit" variant="contained" disabled={update.isPending} data-testid="profile-save">
        {t('common.save')}
      </Button>
    </Stack>
  );
}
