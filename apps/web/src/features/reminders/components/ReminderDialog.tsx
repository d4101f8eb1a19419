import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, MenuItem, TextField } from '@mui/material';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { useShowRefusal } from '../../../hooks/use-show-refusal';
import { DialogForm } from '../../../components/DialogForm';
import { useSnackbar } from 'notistack';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { STATUS_IDS } from '@openseat/shared/application-status';
import {
  ReminderRequestSchema,
  type CampusEmailRow,
  type CampusTextMessageRow,
  type ReminderRow,
} from '@openseat/shared/schemas/communication';
import { message } from '../../../lib/i18n';
import { useSaveReminder } from '../api/reminders';

type Input = z.input<typeof ReminderRequestSchema>;
type Output = z.output<typeof ReminderRequestSchema>;

const valuesOf = (reminder: ReminderRow | null, id_campus: number): Input => ({
  id_campus,
  name: reminder?.name ?? '',
  id_status: reminder?.id_status ?? '',
  periodicity: reminder ? String(reminder.periodicity) : '',
  id_campus_email: reminder?.id_campus_email ?? '',
  id_campus_text_message: reminder?.id_campus_text_message ?? '',
  isActive: reminder?.isActive ?? true,
  condition: reminder?.condition ?? null,
});

const schemaResolver = zodResolver(ReminderRequestSchema);
const none = (v: unknown) => v === '' || v === null || v === undefined || v === -1 || v === '-1';

/**
 * The schema checks "at least one template" only once every other field is valid; the form adds it next to the
 * other problems, so they all show at once.
 */
const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const errors = result.errors;
  if (
    Object.keys(errors).length > 0 &&
    !errors.id_campus_email &&
    none(values.id_campus_email) &&
    none(values.id_campus_text_message)
  )
    return { values: {}, errors: { ...errors, id_campus_email: { type: 'custom', message: 'reminderChannel' } } };
  return result;
};

/** A template's label in a select: its name, and its language when the campus has templates in two. */
export const emailLabel = (row: CampusEmailRow) => `${row.email.name} (${row.email.lng.toUpperCase()})`;
export const textLabel = (row: CampusTextMessageRow) =>
  `${row.text_message.name} (${row.text_message.lng.toUpperCase()})`;

/** Create or edit a reminder of one campus: its templates are chosen among that campus's. */
export function ReminderDialog({
  reminder,
  id_campus,
  emails,
  texts,
  onClose,
}: {
  reminder: ReminderRow | null;
  id_campus: number;
  emails: CampusEmailRow[];
  texts: CampusTextMessageRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveReminder();
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: valuesOf(reminder, id_campus),
  });
  const refused = useShowRefusal(form.setError);
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id_reminder: reminder?.id_reminder, body });
      enqueueSnackbar(saved.message, { variant: 'success' });
      onClose();
    } catch (error) {
      refused(error);
    }
  });
  // the spec's rule (at least one template) is checked on the e-mail field: shown for the pair, above both
  const channelMessage = errors.id_campus_email?.message;
  const channelError = channelMessage === 'reminderChannel' || channelMessage === message('reminderChannel');
  const select = (
    name: 'id_campus_email' | 'id_campus_text_message',
    label: string,
    options: Array<[number, string]>,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={label}
          {...field}
          value={field.value ?? ''}
          onChange={(e) => {
            field.onChange(e.target.value);
            // choosing either template satisfies the rule for both fields
            form.clearErrors(['id_campus_email', 'id_campus_text_message']);
          }}
          error={!!errors[name] || channelError}
          helperText={name === 'id_campus_email' && channelError ? undefined : message(errors[name]?.message)}
          slotProps={{
            inputLabel: { shrink: true },
            select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': `reminder-${name}` } as object },
          }}
        >
          <MenuItem value="">
            <em>{t('reminders.noTemplate')}</em>
          </MenuItem>
          {options.map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  return (
    <DialogForm
      title={reminder ? t('reminders.edit') : t('reminders.create')}
      titleId="reminder-dialog-title"
      onClose={onClose}
      formId="reminder-form"
      onSubmit={onSubmit}
      pending={save.isPending}
      submitTestId="reminder-save"
    >
      <TextField
        label={t('reminders.name')}
        required
        {...form.register('name')}
        error={!!errors.name}
        helperText={message(errors.name?.message)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'reminder-name' } }}
      />
      <Controller
        control={form.control}
        name="id_status"
        render={({ field }) => (
          <TextField
            select
            required
            label={t('reminders.status')}
            {...field}
            value={field.value ?? ''}
            error={!!errors.id_status}
            helperText={message(errors.id_status?.message)}
            slotProps={{
              inputLabel: { shrink: true },
              select: { SelectDisplayProps: { 'data-testid': 'reminder-status' } as object },
            }}
          >
            {STATUS_IDS.map((id) => (
              <MenuItem key={id} value={id}>
                {t(`statuses.${id}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={form.control}
        name="condition"
        render={({ field }) => (
          <TextField
            select
            label={t('reminders.condition')}
            name={field.name}
            inputRef={field.ref}
            onBlur={field.onBlur}
            value={field.value ?? 'any'}
            onChange={(e) => field.onChange(e.target.value === 'any' ? null : e.target.value)}
            error={!!errors.condition}
            helperText={message(errors.condition?.message) ?? t('reminders.conditionHelp')}
            slotProps={{
              inputLabel: { shrink: true },
              select: { SelectDisplayProps: { 'data-testid': 'reminder-condition' } as object },
            }}
          >
            <MenuItem value="any">{t('reminders.conditions.any')}</MenuItem>
            <MenuItem value="registration_incomplete">{t('reminders.conditions.registration_incomplete')}</MenuItem>
          </TextField>
        )}
      />
      <TextField
        label={t('reminders.periodicity')}
        required
        {...form.register('periodicity')}
        error={!!errors.periodicity}
        helperText={message(errors.periodicity?.message) ?? t('reminders.periodicityHelp')}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', 'data-testid': 'reminder-periodicity' },
        }}
      />
      {channelError && (
        <Alert severity="error" role="alert" data-testid="reminder-channel-error">
          {message('reminderChannel')}
        </Alert>
      )}
      {select(
        'id_campus_email',
        t('reminders.email'),
        emails.map((row) => [row.id_campus_email, emailLabel(row)]),
      )}
      {select(
        'id_campus_text_message',
        t('reminders.sms'),
        texts.map((row) => [row.id_campus_text_message, textLabel(row)]),
      )}
      <FormCheckbox
        control={form.control}
        name="isActive"
        label={t('reminders.active')}
        asSwitch
        testId="reminder-active"
      />
    </DialogForm>
  );
}
