import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { ApplicationDetail } from '@openseat/shared/schemas/applications';
import { priorityItemLabel } from '../../../lib/i18n';
import { useGradeOptions, usePriorityOptions, useSaveGradeAndPriority } from '../api/applications';

/** Add or remove the grade and the priority item of an application (spec section 2 dialog). */
export function GradePriorityDialog({ application, onClose }: { application: ApplicationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const grades = useGradeOptions();
  const priorities = usePriorityOptions();
  const save = useSaveGradeAndPriority();
  const [grade, setGrade] = useState<number | ''>(application.id_grade ?? '');
  const [priority, setPriority] = useState<number | ''>(application.id_priority_item ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async () => {
    try {
      const res = await save.mutateAsync({
        id_application: application.id_application,
        id_grade: grade === '' ? null : grade,
        id_priority_item: priority === '' ? null : priority,
      });
      enqueueSnackbar(res.message, { variant: 'success' });
      onClose();
    } catch (error) {
      setRefusal((error as Error).message);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('applications.gradeAndPriority')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('applications.grade')}
            value={grade}
            onChange={(e) => setGrade(e.target.value === '' ? '' : Number(e.target.value))}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'grade-choice' } as object } }}
          >
            <MenuItem value="">{t('common.notSelected')}</MenuItem>
            {(grades.data ?? []).map((g) => (
              <MenuItem key={g.id_grade} value={g.id_grade}>
                {g.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('applications.priority')}
            value={priority}
            onChange={(e) => setPriority(e.target.value === '' ? '' : Number(e.target.value))}
          >
            <MenuItem value="">{t('common.notSelected')}</MenuItem>
            {(priorities.data ?? []).map((p) => (
              <MenuItem key={p.id_priority_item} value={p.id_priority_item}>
                {priorityItemLabel(p.name)}
              </MenuItem>
            ))}
          </TextField>
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending} data-testid="grade-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
