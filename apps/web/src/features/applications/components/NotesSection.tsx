import { useState } from 'react';
import { Button, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { ApplicationDetail } from '@openseat/shared/schemas/applications';
import { useAbility } from '../../../lib/ability';
import { message } from '../../../lib/i18n';
import { formatDate } from '../../../lib/dates';
import { useAddNote } from '../api/applications';

/** The notes of an application, newest first, and a note to add (with the manage-notes permission). */
export function NotesSection({ application }: { application: ApplicationDetail }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const add = useAddNote();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!note.trim()) return setError(message('required') ?? '');
    try {
      const res = await add.mutateAsync({ id_application: application.id_application, note: note.trim() });
      enqueueSnackbar(res.message, { variant: 'success' });
      setNote('');
      setError(null);
    } catch (e) {
      enqueueSnackbar((e as Error).message, { variant: 'error' });
    }
  };
  const mayAdd = ability.can('manage_notes', 'application') && application.periodState !== 'finalized';
  return (
    <>
      {mayAdd && (
        <Stack spacing={1} sx={{ mb: 1 }}>
          <TextField
            multiline
            minRows={2}
            label={t('applications.newNote')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={error !== null}
            helperText={error}
            slotProps={{ htmlInput: { 'data-testid': 'note-text', maxLength: 5000 } }}
          />
          <Button variant="outlined" onClick={() => void submit()} disabled={add.isPending} data-testid="note-add">
            {t('applications.addNote')}
          </Button>
        </Stack>
      )}
      {application.notes.length === 0 && <Typography color="text.secondary">{t('applications.noNotes')}</Typography>}
      <List dense data-testid="notes-list">
        {application.notes.map((n) => (
          <ListItem key={n.id_application_note} disableGutters>
            <ListItemText
              primary={n.note}
              secondary={`${n.author?.name ?? t('common.unknown')} · ${formatDate(n.createdAt, t('common.noDate'))}`}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
