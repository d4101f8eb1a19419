import { useState } from 'react';
import {
  Alert,
  FormControlLabel,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ERASURE_SCOPES, type ErasureScope } from '@openseat/shared/schemas/erasure';
import { DialogForm } from '../../../components/DialogForm';
import { useErase, useErasurePreview } from '../api/applications';

/**
 * Deletion on request (docs/privacy.md): a family asks the school to remove their data. The dialog shows what would
 * go (every application of the student, or of the whole family, across periods and campuses, with their files and
 * messages), and asks for the applicant's last name typed again: it cannot be undone.
 */
export function ErasureDialog({
  id_application,
  lastName,
  onClose,
  onErased,
}: {
  id_application: number;
  lastName: string;
  onClose: () => void;
  onErased: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [scope, setScope] = useState<ErasureScope>('family');
  const [confirm, setConfirm] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const preview = useErasurePreview(id_application, scope);
  const erase = useErase(id_application);
  const typed = confirm.trim().toLocaleLowerCase() === lastName.trim().toLocaleLowerCase();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!typed) return setRefusal(t('applications.erasure.typeName', { name: lastName }));
    try {
      enqueueSnackbar((await erase.mutateAsync({ scope, confirm })).message, { variant: 'success' });
      onErased();
    } catch (error) {
      setRefusal((error as Error).message);
    }
  };
  const data = preview.data;
  return (
    <DialogForm
      title={t('applications.erasure.title')}
      titleId="erasure-title"
      onClose={onClose}
      formId="erasure-form"
      onSubmit={(e) => void submit(e)}
      pending={erase.isPending}
      disabled={!data}
      submitLabel={t('applications.erasure.submit')}
      submitColor="error"
      submitTestId="erasure-submit"
      before={refusal && <Alert severity="error">{refusal}</Alert>}
    >
      <Typography variant="body2">{t('applications.erasure.explanation')}</Typography>
      <RadioGroup
        aria-label={t('applications.erasure.scope')}
        value={scope}
        onChange={(e) => setScope(e.target.value as ErasureScope)}
      >
        {ERASURE_SCOPES.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio />}
            label={t(`applications.erasure.scopes.${option}`)}
          />
        ))}
      </RadioGroup>
      {preview.isError && <Alert severity="error">{preview.error.message}</Alert>}
      {!data && !preview.isError && <LinearProgress aria-label={t('common.loading')} />}
      {data && (
        <>
          <Typography variant="body2" data-testid="erasure-summary">
            {t('applications.erasure.summary', {
              applications: data.applications.length,
              files: data.files,
              messages: data.messages,
            })}
          </Typography>
          <List dense disablePadding aria-label={t('applications.erasure.covered')}>
            {data.applications.map((a) => (
              <ListItem key={a.id_application} divider disableGutters>
                <ListItemText
                  primary={`#${a.correlative} ${a.name}`}
                  secondary={[a.campus, a.schoolYear, t(`statuses.${a.id_status}`)]
                    .concat(a.anonymised ? [t('applications.erasure.anonymised')] : [])
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
      <TextField
        label={t('applications.erasure.confirm', { name: lastName })}
        value={confirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          setRefusal(null);
        }}
        autoComplete="off"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'erasure-confirm', maxLength: 200 } }}
      />
    </DialogForm>
  );
}
