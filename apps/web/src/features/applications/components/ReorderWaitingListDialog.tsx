import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { reorderReason } from '@openseat/shared/schemas/rules';
import { message } from '../../../lib/i18n';
import { useGradeOptions, useReorderWaitingList } from '../api/applications';

/** Reorders one grade's waiting list by priorities (spec section 5): final, acknowledged, with a reason. */
export function ReorderWaitingListDialog({
  id_campus_year,
  initialGrade,
  onClose,
}: {
  id_campus_year: number;
  initialGrade?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const grades = useGradeOptions();
  const reorder = useReorderWaitingList();
  const [grade, setGrade] = useState<number | ''>(initialGrade ?? '');
  const [acknowledged, setAcknowledged] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const parsed = reorderReason.safeParse(reason);
  const reasonError = parsed.success ? undefined : message(parsed.error.issues[0]?.message);
  // final: the button waits for a valid reason (the shared rule), a grade and the box ticked
  const ready = parsed.success && grade !== '' && acknowledged;
  const submit = async () => {
    setTouched(true);
    setSubmitted(true);
    if (!parsed.success || grade === '' || !acknowledged) return;
    setRefusal(null);
    try {
      const res = await reorder.mutateAsync({
        id_campus_year,
        id_grade: grade,
        acknowledged: true,
        reason: parsed.data,
      });
      enqueueSnackbar(res.message, { variant: 'success' });
      onClose();
    } catch (e) {
      setRefusal((e as Error).message);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reorder-title" data-testid="reorder-dialog">
      <DialogTitle id="reorder-title">{t('waiting.reorderByPriorities')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('waiting.reorderWarning')}</Alert>
          <TextField
            select
            label={t('applications.grade')}
            value={grade}
            onChange={(e) => setGrade(e.target.value === '' ? '' : Number(e.target.value))}
            error={submitted && grade === ''}
            helperText={submitted && grade === '' ? message('required') : undefined}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'reorder-grade' } as object } }}
          >
            {(grades.data ?? []).map((g) => (
              <MenuItem key={g.id_grade} value={g.id_grade}>
                {g.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('waiting.reason')}
            value={reason}
            multiline
            minRows={2}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && !!reasonError}
            helperText={touched ? reasonError : t('waiting.reasonHint')}
            slotProps={{ htmlInput: { 'data-testid': 'reorder-reason' } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={acknowledged}
                onChange={(e) => setAcknowledged(e.target.checked)}
                data-testid="reorder-acknowledge"
              />
            }
            label={t('waiting.acknowledge')}
          />
          {submitted && !acknowledged && (
            <Alert severity="error" role="alert">
              {message('reorderAcknowledge')}
            </Alert>
          )}
          {reorder.isPending && <LinearProgress aria-label={t('common.loading')} />}
          {refusal && (
            <Alert severity="error" role="alert" data-testid="reorder-refusal">
              {refusal}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color="warning"
          disabled={!ready || reorder.isPending}
          onClick={() => void submit()}
          data-testid="reorder-accept"
        >
          {t('waiting.reorderNow')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
