import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { DialogForm } from '../../../components/DialogForm';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChangePasswordRequestSchema, type ChangePasswordRequest } from '@openseat/shared/schemas/auth';
import { message } from '../../../lib/i18n';
import { useChangePassword } from '../api/account';

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const change = useChangePassword();
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(ChangePasswordRequestSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  const close = () => {
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await change.mutateAsync(values);
      enqueueSnackbar(res.message, { variant: 'success' });
      close();
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  });
  const field = (name: keyof ChangePasswordRequest, label: string) => (
    <TextField
      label={label}
      type="password"
      {...form.register(name)}
      error={!!errors[name]}
      helperText={message(errors[name]?.message)}
      slotProps={{ htmlInput: { 'data-testid': `password-${name}` } }}
    />
  );
  return (
    <DialogForm
      open={open}
      title={t('settings.changePassword')}
      onClose={close}
      maxWidth="xs"
      formId="change-password-form"
      onSubmit={onSubmit}
      pending={change.isPending}
      submitTestId="password-save"
    >
      {field('currentPassword', t('settings.currentPassword'))}
      {field('newPassword', t('settings.newPassword'))}
      {field('confirmPassword', t('settings.confirmPassword'))}
    </DialogForm>
  );
}
