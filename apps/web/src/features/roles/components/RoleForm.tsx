import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CONTEXT_TYPE_NAMES } from '@openseat/shared/constants';
import { RoleRequestSchema, type RoleRow } from '@openseat/shared/schemas/roles';
import { contextLabel, message } from '../../../lib/i18n';
import { useSaveRole } from '../api/roles';

type RoleFormInput = z.input<typeof RoleRequestSchema>;

export function RoleForm({
  role,
  disabled,
  onSaved,
}: {
  role: RoleRow | null;
  disabled: boolean;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveRole();
  const form = useForm<RoleFormInput, unknown, z.output<typeof RoleRequestSchema>>({
    resolver: zodResolver(RoleRequestSchema),
    defaultValues: { name: '', id_context_type: '', type: 'custom', description: '', isActive: true },
  });
  useEffect(() => {
    if (role)
      form.reset({
        name: role.name,
        id_context_type: role.id_context_type,
        type: role.type,
        description: role.description ?? '',
        isActive: role.isActive,
      });
  }, [role, form]);
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const res = await save.mutateAsync({ id: role?.id_role, input });
      enqueueSnackbar(res.message, { variant: 'success' });
      onSaved(res.data.id_role);
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate sx={{ maxWidth: 520 }}>
      <TextField
        label={t('roles.name')}
        disabled={disabled}
        {...form.register('name')}
        error={!!errors.name}
        helperText={message(errors.name?.message)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'role-name' } }}
      />
      <Controller
        control={form.control}
        name="id_context_type"
        render={({ field }) => (
          <TextField
            select
            label={t('roles.context')}
            disabled={disabled || role !== null}
            {...field}
            value={field.value ?? ''}
            error={!!errors.id_context_type}
            helperText={message(errors.id_context_type?.message)}
          >
            {Object.entries(CONTEXT_TYPE_NAMES).map(([id, name]) => (
              <MenuItem key={id} value={Number(id)}>
                {contextLabel(Number(id), name)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label={t('roles.type')}
        disabled={disabled}
        {...form.register('type')}
        error={!!errors.type}
        helperText={message(errors.type?.message)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('roles.description')}
        disabled={disabled}
        multiline
        minRows={2}
        {...form.register('description')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormCheckbox control={form.control} name="isActive" label={t('users.active')} disabled={disabled} />
      {!disabled && (
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="role-save">
          {t('common.save')}
        </Button>
      )}
    </Stack>
  );
}
