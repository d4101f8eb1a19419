import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { FormSelect } from '../../../components/FormSelect';
import { DialogForm } from '../../../components/DialogForm';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { IMAGE_ACCEPT } from '@openseat/shared/images';
import { mayGrantAllCampuses } from '@openseat/shared/role-levels';
import { requiredSelect } from '@openseat/shared/schemas/rules';
import { CreateUserRequestSchema, UpdateUserRequestSchema, type UserRow } from '@openseat/shared/schemas/users';
import { useSession } from '../../../lib/client';
import { setFieldErrors } from '../../../lib/form-errors';
import { message, roleLabel } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCampusOptions, useSchoolOptions } from '../../../hooks/lookups';
import { useAssignableRoles, useSaveUser } from '../api/users';

// the shared request rules, with the role as a select ("Required field." when none is chosen)
const createSchema = CreateUserRequestSchema.extend({ id_role: requiredSelect });
const editSchema = UpdateUserRequestSchema.omit({ id_user: true }).extend({
  id_role: requiredSelect,
  password: createSchema.shape.password.optional(),
});
type FormInput = z.input<typeof createSchema>;
type FormOutput = z.output<typeof createSchema>;

const valuesOf = (user: UserRow | null, onlySchool: number | null): FormInput => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  telephone: user?.telephone ?? '',
  password: '',
  id_role: user?.roles.id_role ?? '',
  id_school: user?.id_school ?? onlySchool,
  id_campus: user?.id_campus ?? null,
  isAllCampuses: user?.isAllCampuses ?? false,
  schoolIds: user?.schools.map((s) => s.id_school) ?? [],
});

/**
 * Create or edit a user. It offers only the roles (as the server lists them for this caller), schools and
 * campuses the caller may give; the server checks again on save.
 */
export function UserDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { user: me } = useSession();
  const grantsAllCampuses = me ? mayGrantAllCampuses(me) : false;
  const roles = useAssignableRoles();
  const campuses = useCampusOptions();
  const schools = useSchoolOptions();
  const save = useSaveUser();
  const [photo, setPhoto] = useState<File | null>(null);
  const [isActive, setIsActive] = useState(user?.isActive ?? true);
  const [deactivating, setDeactivating] = useState<FormOutput | null>(null);
  const onlySchool = schools.data?.length === 1 ? schools.data[0].id_school : null;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(user ? editSchema : createSchema) as never,
    defaultValues: valuesOf(user, onlySchool),
  });
  // the dialog mounts for each user: its defaults are set once; only an empty school is filled in later
  useEffect(() => {
    if (onlySchool !== null && !form.getValues('id_school')) form.setValue('id_school', onlySchool);
  }, [onlySchool, form]);
  const errors = form.formState.errors;
  const offered = roles.data ?? [];
  // a user keeps showing its current role even when the caller could not give it
  const current = user && !offered.some((r) => r.id_role === user.roles.id_role) ? user.roles : null;
  const roleId = Number(form.watch('id_role'));
  const context =
    offered.find((r) => r.id_role === roleId)?.id_context_type ??
    (user && user.roles.id_role === roleId ? user.id_context_type : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    const placed = {
      ...values,
      id_campus: context === CONTEXT_TYPE.CAMPUS ? values.id_campus : null,
      id_school: context === CONTEXT_TYPE.SCHOOL ? values.id_school : null,
      schoolIds: context === CONTEXT_TYPE.SCHOOL_MAINTAINER ? values.schoolIds : [],
      isAllCampuses: context === CONTEXT_TYPE.CAMPUS && grantsAllCampuses && values.isAllCampuses,
    };
    if (user?.isActive && !isActive) return setDeactivating(placed);
    await submit(placed).catch((e: Error) => enqueueSnackbar(e.message, { variant: 'error' }));
  });
  /** Saves; field errors land on their fields and the refusal is thrown on (for the confirmation dialog). */
  async function submit(placed: FormOutput) {
    try {
      const res = user
        ? await save.mutateAsync({ kind: 'update', input: { ...placed, id_user: user.id_user, isActive }, photo })
        : await save.mutateAsync({ kind: 'create', input: placed });
      enqueueSnackbar(res.message, { variant: 'success' });
      onClose();
    } catch (error) {
      setFieldErrors(form.setError, error);
      throw error;
    }
  }

  const text = (name: 'name' | 'email' | 'telephone' | 'password', label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      {...form.register(name)}
      error={!!errors[name]}
      helperText={message(errors[name]?.message)}
      slotProps={{ htmlInput: { 'data-testid': `user-${name}` }, inputLabel: { shrink: true } }}
    />
  );
  const select = (
    name: 'id_role' | 'id_school' | 'id_campus',
    label: string,
    options: Array<{ value: number; label: string; disabled?: boolean }>,
  ) => (
    <FormSelect
      control={form.control}
      name={name}
      label={label}
      options={options}
      testId={`user-${name.replace('id_', '')}`}
    />
  );
  const check = (checked: boolean, onChange: (v: boolean) => void, label: string) => (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={label}
    />
  );

  return (
    <>
      <ConfirmDialog
        open={deactivating !== null}
        title={t('users.deactivate')}
        consequence={t('users.confirmDeactivate', { name: user?.name ?? '' })}
        confirmLabel={t('common.deactivate')}
        danger
        onConfirm={() => submit(deactivating!)}
        onClose={() => setDeactivating(null)}
      />
      <DialogForm
        title={user ? t('users.edit') : t('users.create')}
        onClose={onClose}
        formId="user-form"
        onSubmit={onSubmit}
        pending={save.isPending}
        submitTestId="user-save"
      >
        {text('name', t('users.name'))}
        {text('email', t('users.email'), 'email')}
        {!user && text('password', t('login.password'), 'password')}
        {text('telephone', t('users.telephone'))}
        {roles.isSuccess && offered.length === 0 && <Alert severity="info">{t('users.noRolesToGive')}</Alert>}
        {select('id_role', t('users.role'), [
          ...offered.map((r) => ({
            value: r.id_role,
            label: `${roleLabel(r.name)} (${t(`users.contexts.${r.id_context_type}`, { defaultValue: r.context_type_name })})`,
          })),
          ...(current ? [{ value: current.id_role, label: roleLabel(current.name), disabled: true }] : []),
        ])}
        {context === CONTEXT_TYPE.SCHOOL &&
          select(
            'id_school',
            t('users.school'),
            (schools.data ?? []).map((s) => ({ value: s.id_school, label: s.name })),
          )}
        {context === CONTEXT_TYPE.CAMPUS &&
          select(
            'id_campus',
            t('users.campus'),
            (campuses.data ?? []).map((c) => ({ value: c.id_campus, label: `${c.schoolName} · ${c.name}` })),
          )}
        {context === CONTEXT_TYPE.SCHOOL_MAINTAINER && (
          <Controller
            control={form.control}
            name="schoolIds"
            render={({ field }) => (
              <TextField
                select
                label={t('users.schools')}
                value={field.value ?? []}
                onChange={(e) => field.onChange(e.target.value as unknown as number[])}
                error={!!errors.schoolIds}
                helperText={message(errors.schoolIds?.message)}
                slotProps={{ select: { multiple: true } }}
              >
                {(schools.data ?? []).map((s) => (
                  <MenuItem key={s.id_school} value={s.id_school}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}
        {context === CONTEXT_TYPE.CAMPUS && grantsAllCampuses && (
          <Controller
            control={form.control}
            name="isAllCampuses"
            render={({ field }) => check(Boolean(field.value), field.onChange, t('users.allCampuses'))}
          />
        )}
        {user && (
          <>
            {check(isActive, setIsActive, t('users.active'))}
            <Button component="label" variant="outlined">
              {photo ? photo.name : t('users.photo')}
              <input hidden type="file" accept={IMAGE_ACCEPT} onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} />
            </Button>
          </>
        )}
      </DialogForm>
    </>
  );
}
