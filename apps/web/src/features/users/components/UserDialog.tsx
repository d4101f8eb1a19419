import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { UserRow } from '@openseat/shared/schemas/users';
import { email, optionalPhone, password, requiredSelect, requiredText } from '@openseat/shared/schemas/rules';
import { message } from '../../../app/i18n';
import { useCampusOptions, useRoleOptions, useSchoolOptions } from '../../lookups/lookups';
import { useSaveUser } from '../api/users';

const baseSchema = z.object({
  name: requiredText(120),
  email,
  telephone: optionalPhone,
  id_role: requiredSelect,
  id_school: z.coerce.number().nullable(),
  id_campus: z.coerce.number().nullable(),
  isAllCampuses: z.boolean(),
  isActive: z.boolean(),
  schoolIds: z.array(z.number()),
});
const createSchema = baseSchema.extend({ password });
const editSchema = baseSchema.extend({ password: z.string().optional() });
type FormInput = z.input<typeof createSchema>;
type FormOutput = z.output<typeof createSchema>;

const emptyForm = (user: UserRow | null): FormInput => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  telephone: user?.telephone ?? '',
  password: '',
  id_role: user?.roles.id_role ?? '',
  id_school: user?.id_school ?? null,
  id_campus: user?.id_campus ?? null,
  isAllCampuses: user?.isAllCampuses ?? false,
  isActive: user?.isActive ?? true,
  schoolIds: user?.schools.map((s) => s.id_school) ?? [],
});

export function UserDialog({ open, user, onClose }: { open: boolean; user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const roles = useRoleOptions();
  const campuses = useCampusOptions();
  const schools = useSchoolOptions();
  const save = useSaveUser();
  const [photo, setPhoto] = useState<File | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(user ? editSchema : createSchema) as never, defaultValues: emptyForm(user) });
  useEffect(() => {
    form.reset(emptyForm(user));
    setPhoto(null);
  }, [user, open, form]);
  const errors = form.formState.errors;
  const roleId = Number(form.watch('id_role'));
  const context = roles.data?.find((r) => r.id_role === roleId)?.id_context_type;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const input = { ...values, telephone: values.telephone ?? '', id_user: user?.id_user, id_campus: context === CONTEXT_TYPE.CAMPUS ? values.id_campus : null, id_school: context === CONTEXT_TYPE.SCHOOL ? values.id_school : null };
      const res = await save.mutateAsync({ input, photo });
      enqueueSnackbar(res.message, { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  });

  const text = (name: 'name' | 'email' | 'telephone' | 'password', label: string, type = 'text') => (
    <TextField label={label} type={type} {...form.register(name)} error={!!errors[name]} helperText={message(errors[name]?.message)} slotProps={{ htmlInput: { 'data-testid': `user-${name}` }, inputLabel: { shrink: true } }} />
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{user ? t('users.edit') : t('users.create')}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="user-form" spacing={2} sx={{ pt: 1 }} onSubmit={onSubmit} noValidate>
          {text('name', t('users.name'))}
          {text('email', t('users.email'), 'email')}
          {!user && text('password', t('login.password'), 'password')}
          {text('telephone', t('users.telephone'))}
          <Controller
            control={form.control}
            name="id_role"
            render={({ field }) => (
              <TextField select label={t('users.role')} {...field} value={field.value ?? ''} error={!!errors.id_role} helperText={message(errors.id_role?.message)} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'user-role' } as object } }}>
                {(roles.data ?? []).filter((r) => r.isActive).map((r) => (
                  <MenuItem key={r.id_role} value={r.id_role}>
                    {r.name} ({r.context_type_name})
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {context === CONTEXT_TYPE.SCHOOL && (
            <Controller control={form.control} name="id_school" render={({ field }) => (
              <TextField select label={t('users.school')} {...field} value={field.value ?? ''}>
                {(schools.data ?? []).map((s) => <MenuItem key={s.id_school} value={s.id_school}>{s.name}</MenuItem>)}
              </TextField>
            )} />
          )}
          {context === CONTEXT_TYPE.CAMPUS && (
            <Controller control={form.control} name="id_campus" render={({ field }) => (
              <TextField select label={t('users.campus')} {...field} value={field.value ?? ''} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'user-campus' } as object } }}>
                {(campuses.data ?? []).map((c) => <MenuItem key={c.id_campus} value={c.id_campus}>{c.schoolName} · {c.name}</MenuItem>)}
              </TextField>
            )} />
          )}
          {context === CONTEXT_TYPE.SCHOOL_MAINTAINER && (
            <Controller control={form.control} name="schoolIds" render={({ field }) => (
              <TextField select label={t('users.schools')} value={field.value} onChange={(e) => field.onChange(e.target.value as unknown as number[])} slotProps={{ select: { multiple: true } }}>
                {(schools.data ?? []).map((s) => <MenuItem key={s.id_school} value={s.id_school}>{s.name}</MenuItem>)}
              </TextField>
            )} />
          )}
          {context === CONTEXT_TYPE.CAMPUS && (
            <Controller control={form.control} name="isAllCampuses" render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label={t('users.allCampuses')} />} />
          )}
          {user && (
            <>
              <Controller control={form.control} name="isActive" render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label={t('users.active')} />} />
              <Button component="label" variant="outlined">
                {photo ? photo.name : t('users.photo')}
                <input hidden type="file" accept="image/png,image/jpeg,image/webp" onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} />
              </Button>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" form="user-form" variant="contained" disabled={save.isPending} data-testid="user-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
