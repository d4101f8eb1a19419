import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Paper,
  Stack,
  Switch,
  TableCell,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { ReminderRow } from '@openseat/shared/schemas/communication';
import type { ApiError } from '../../../lib/http';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PagedTable } from '../../../components/PagedTable';
import { RowAction } from '../../../components/RowAction';
import {
  useCampusEmails,
  useCampusTextMessages,
  useDeleteReminder,
  useReminders,
  useSaveReminder,
} from '../api/reminders';
import { emailLabel, ReminderDialog, textLabel } from './ReminderDialog';

/** The campus's Reminders tab: every reminder with its status, rhythm and templates; create, edit, switch, delete. */
export default function RemindersTab({ id_campus }: { id_campus: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const reminders = useReminders(id_campus);
  const emails = useCampusEmails(id_campus);
  const texts = useCampusTextMessages(id_campus);
  const save = useSaveReminder();
  const remove = useDeleteReminder();
  // undefined: closed; null: a new reminder
  const [editing, setEditing] = useState<ReminderRow | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ReminderRow | null>(null);

  const emailName = (id: number | null) => {
    if (id === null) return t('reminders.noTemplate');
    const row = emails.data?.find((e) => e.id_campus_email === id);
    return row ? emailLabel(row) : `#${id}`;
  };
  const textName = (id: number | null) => {
    if (id === null) return t('reminders.noTemplate');
    const row = texts.data?.find((e) => e.id_campus_text_message === id);
    return row ? textLabel(row) : `#${id}`;
  };
  const every = (row: ReminderRow) => t('reminders.everyDays', { count: row.periodicity });

  const onToggle = async (row: ReminderRow, isActive: boolean) => {
    try {
      await save.mutateAsync({
        id_reminder: row.id_reminder,
        body: {
          id_campus: row.id_campus,
          name: row.name,
          id_status: row.id_status,
          periodicity: row.periodicity,
          id_campus_email: row.id_campus_email,
          id_campus_text_message: row.id_campus_text_message,
          isActive,
          condition: row.condition,
        },
      });
      enqueueSnackbar(t(isActive ? 'reminders.activated' : 'reminders.deactivated'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar((error as ApiError).message, { variant: 'error' });
    }
  };
  const onDelete = async (row: ReminderRow) => {
    enqueueSnackbar((await remove.mutateAsync(row.id_reminder)).message, { variant: 'success' });
  };

  const activeSwitch = (row: ReminderRow) => (
    <Switch
      checked={row.isActive}
      disabled={save.isPending}
      onChange={(e) => void onToggle(row, e.target.checked)}
      slotProps={{ input: { 'aria-label': t('reminders.activeNamed', { name: row.name }) } }}
      data-testid={`reminder-active-${row.id_reminder}`}
    />
  );
  const actions = (row: ReminderRow) => (
    <>
      <RowAction
        title={t('reminders.edit')}
        label={t('reminders.editNamed', { name: row.name })}
        icon={<EditIcon fontSize="small" />}
        onClick={() => setEditing(row)}
        testId={`reminder-edit-${row.id_reminder}`}
      />
      <RowAction
        title={t('reminders.delete')}
        label={t('reminders.deleteNamed', { name: row.name })}
        icon={<DeleteIcon fontSize="small" />}
        onClick={() => setDeleting(row)}
        testId={`reminder-delete-${row.id_reminder}`}
      />
    </>
  );
  const rows = reminders.data ?? [];
  const noTemplates = emails.isSuccess && texts.isSuccess && emails.data.length === 0 && texts.data.length === 0;

  return (
    <Box data-testid="reminders-tab">
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" spacing={2} sx={{ mb: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('reminders.intro')}
        </Typography>
        <Button
          variant="contained"
          onClick={() => setEditing(null)}
          data-testid="reminder-create"
          sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          {t('reminders.create')}
        </Button>
      </Stack>
      {noTemplates && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('reminders.noTemplates')}
        </Alert>
      )}
      {(emails.isError || texts.isError) && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('reminders.templatesUnavailable')}
        </Alert>
      )}
      {reminders.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {(reminders.error as ApiError).message}
        </Alert>
      )}
      {narrow ? (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="reminders-list">
          {rows.map((row) => (
            <Paper component="li" key={row.id_reminder} variant="outlined" sx={{ p: 1.5 }}>
              <Stack direction="row" alignItems="flex-start" justifyContent="space-between" spacing={1}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                  </Typography>
                  <Typography variant="body2">
                    {t(`statuses.${row.id_status}`)} · {every(row)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('reminders.email')}: {emailName(row.id_campus_email)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('reminders.sms')}: {textName(row.id_campus_text_message)}
                  </Typography>
                </Box>
                {activeSwitch(row)}
              </Stack>
              <Stack direction="row" justifyContent="flex-end">
                {actions(row)}
              </Stack>
            </Paper>
          ))}
          {reminders.isSuccess && rows.length === 0 && (
            <Typography component="li" variant="body2">
              {t('reminders.empty')}
            </Typography>
          )}
        </Stack>
      ) : (
        <PagedTable
          testId="reminders-table"
          head={[
            t('reminders.name'),
            t('reminders.status'),
            t('reminders.frequency'),
            t('reminders.email'),
            t('reminders.sms'),
            t('reminders.active'),
          ]}
          actions
          rows={rows}
          empty={reminders.isSuccess && rows.length === 0}
          renderRow={(row) => (
            <TableRow key={row.id_reminder} data-testid={`reminder-row-${row.id_reminder}`}>
              <TableCell>{row.name}</TableCell>
              <TableCell>{t(`statuses.${row.id_status}`)}</TableCell>
              <TableCell>{every(row)}</TableCell>
              <TableCell>{emailName(row.id_campus_email)}</TableCell>
              <TableCell>{textName(row.id_campus_text_message)}</TableCell>
              <TableCell>{activeSwitch(row)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actions(row)}
              </TableCell>
            </TableRow>
          )}
        />
      )}
      {editing !== undefined && (
        <ReminderDialog
          reminder={editing}
          id_campus={id_campus}
          emails={emails.data ?? []}
          texts={texts.data ?? []}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('reminders.delete')}
        consequence={t('reminders.confirmDelete', { name: deleting?.name ?? '' })}
        confirmLabel={t('reminders.delete')}
        danger
        onConfirm={() => onDelete(deleting!)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
