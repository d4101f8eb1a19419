import { useState } from 'react';
import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../../lib/download';
import { ApiError } from '../../../lib/http';

type Range = { id_user: string; from: string; to: string };

/**
 * For a breach notification (docs/privacy.md): every child's record one user read between two dates, downloaded as
 * a CSV. The server checks the fields (a range that ends before it starts is refused with its message).
 */
export function RecordReadsExport() {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>({ id_user: '', from: '', to: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (key: keyof Range, label: string, type: string) => (
    <TextField
      size="small"
      type={type}
      label={label}
      value={range[key]}
      onChange={(e) => setRange({ ...range, [key]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `record-reads-${key}` } }}
    />
  );
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadCsv('/admin/record-reads/export', `record-reads-${range.id_user}.csv`, range);
    } catch (e) {
      // a field's own message ("The end date must be on or after the start date.") says more than the request's
      setError(
        e instanceof ApiError && e.errors.length ? e.errors.map((f) => f.message).join(' ') : (e as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="section" aria-label={t('admin.reads.title')} variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" variant="h6">
        {t('admin.reads.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('admin.reads.explanation')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        {field('id_user', t('admin.reads.user'), 'number')}
        {field('from', t('admin.from'), 'date')}
        {field('to', t('admin.to'), 'date')}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Button variant="outlined" onClick={() => void download()} disabled={busy} data-testid="record-reads-download">
        {t('admin.reads.download')}
      </Button>
    </Paper>
  );
}
