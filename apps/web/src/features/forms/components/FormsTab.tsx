import { useState } from 'react';
import { Box, Button, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { CampusFormRow } from '@openseat/shared/schemas/communication';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowAction } from '../../../components/RowAction';
import { useCampusForms, useCampusPeriods, useDeleteForm, useGenerateSecret } from '../api/forms';
import { FormDialog } from './FormDialog';
import { ReviewList } from './ReviewList';
import { SecretDialog } from './SecretDialog';

/** The campus tab: its forms with their webhook address and secret, and the deliveries kept for review. */
export default function FormsTab({ id_campus }: { id_campus: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const forms = useCampusForms(id_campus);
  const periods = useCampusPeriods(id_campus);
  const remove = useDeleteForm();
  const generate = useGenerateSecret();
  // undefined: closed; null: a new form
  const [editing, setEditing] = useState<CampusFormRow | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CampusFormRow | null>(null);
  const [rotating, setRotating] = useState<CampusFormRow | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      enqueueSnackbar(t('forms.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('forms.copyFailed'), { variant: 'error' });
    }
  };
  const periodName = (id: number | null) =>
    id === null ? t('forms.anyPeriod') : (periods.data?.find((p) => p.id_campus_year === id)?.name ?? '');
  const statusLabel = (id: number | null, empty: string) => (id === null ? empty : t(`statuses.${id}`));

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" spacing={2} sx={{ mb: 2 }}>
        <Typography variant="h6" component="h2">
          {t('forms.title')}
        </Typography>
        <Button variant="contained" onClick={() => setEditing(null)} data-testid="form-create">
          {t('forms.create')}
        </Button>
      </Stack>
      {forms.data && forms.data.length === 0 && <Typography variant="body2">{t('forms.empty')}</Typography>}
      <Stack spacing={1.5} data-testid="forms-list">
        {forms.data?.map((form) => (
          <Paper
            key={form.id_campus_form}
            variant="outlined"
            sx={{ p: 1.5 }}
            data-testid={`form-${form.id_campus_form}`}
          >
            <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                  {form.form_name}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ my: 0.5 }}>
                  <Chip size="small" label={t(`forms.providers.${form.id_form_type}`)} />
                  <Chip size="small" variant="outlined" label={periodName(form.id_campus_year)} />
                  {form.is_application_form && <Chip size="small" color="primary" label={t('forms.applicationForm')} />}
                  <Chip
                    size="small"
                    variant="outlined"
                    icon={
                      form.hasSecret ? (
                        <KeyIcon fontSize="small" color="success" />
                      ) : (
                        <WarningAmberIcon fontSize="small" color="warning" />
                      )
                    }
                    label={form.hasSecret ? t('forms.secretSet') : t('forms.noSecret')}
                    // long labels wrap on a phone instead of being cut
                    sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
                  />
                </Stack>
                {form.id_status_to !== null && (
                  <Typography variant="body2">
                    {t('forms.move', {
                      from: statusLabel(form.id_status_from, t('forms.anyStatus')),
                      to: statusLabel(form.id_status_to, ''),
                    })}
                  </Typography>
                )}
              </Box>
              <Stack direction="row" sx={{ flexShrink: 0 }}>
                <RowAction
                  title={t('forms.edit')}
                  label={t('forms.editNamed', { name: form.form_name })}
                  icon={<EditIcon fontSize="small" />}
                  onClick={() => setEditing(form)}
                />
                <RowAction
                  title={t('forms.generateSecret')}
                  label={t('forms.generateSecretNamed', { name: form.form_name })}
                  icon={<KeyIcon fontSize="small" />}
                  onClick={() => setRotating(form)}
                  testId={`form-secret-${form.id_campus_form}`}
                />
                <RowAction
                  title={t('forms.delete')}
                  label={t('forms.deleteNamed', { name: form.form_name })}
                  icon={<DeleteIcon fontSize="small" />}
                  onClick={() => setDeleting(form)}
                  testId={`form-delete-${form.id_campus_form}`}
                />
              </Stack>
            </Stack>
            <Stack direction="row" alignItems="center" spacing={1} sx={{ mt: 1 }}>
              <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                {t('forms.webhookUrl')}
              </Typography>
              <Typography
                variant="body2"
                component="code"
                sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}
                data-testid={`form-webhook-${form.id_campus_form}`}
              >
                {form.webhookUrl}
              </Typography>
              <Tooltip title={t('forms.copy')}>
                <IconButton
                  size="small"
                  aria-label={t('forms.copyNamed', { name: form.form_name })}
                  onClick={() => void copy(form.webhookUrl)}
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <ReviewList id_campus={id_campus} />
      {editing !== undefined && (
        <FormDialog
          form={editing}
          id_campus={id_campus}
          periods={periods.data ?? []}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('forms.delete')}
        consequence={t('forms.confirmDelete', { name: deleting?.form_name ?? '' })}
        confirmLabel={t('forms.delete')}
        danger
        onConfirm={async () =>
          enqueueSnackbar((await remove.mutateAsync(deleting!.id_campus_form)).message, { variant: 'success' })
        }
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={rotating !== null}
        title={t('forms.generateSecret')}
        consequence={t('forms.confirmSecret')}
        confirmLabel={t('forms.generateSecret')}
        onConfirm={async () => {
          const answer = await generate.mutateAsync(rotating!.id_campus_form);
          enqueueSnackbar(answer.message, { variant: 'success' });
          setSecret(answer.data.secret);
        }}
        onClose={() => setRotating(null)}
      />
      <SecretDialog secret={secret} onCopy={(text) => void copy(text)} onClose={() => setSecret(null)} />
    </Box>
  );
}
