import { useState } from 'react';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { IMPORT_FIELDS, type ImportField } from '@openseat/shared/import-fields';
import type { ImportFilePreview, ImportMapping } from '@openseat/shared/schemas/import-files';
import { useAbility } from '../../../lib/ability';
import { useImportMappings, useSaveMapping } from '../api/import-files';
import { ValueMaps } from './ValueMaps';

const SAMPLES = 3;
/** The choice of a column left out (a select shows nothing for an empty value). */
const NOT_IMPORTED = 'none';

/** A mapping as the preview guessed it, ready to edit. */
export const mappingOf = (preview: ImportFilePreview): ImportMapping => ({
  columns: { ...preview.mapping.columns },
  values: {
    grade: { ...preview.mapping.values.grade },
    status: { ...preview.mapping.values.status },
    campus: { ...preview.mapping.values.campus },
    priority: { ...preview.mapping.values.priority },
  },
});

/**
 * Step 2: each column of the file to the OpenSeat field it fills (guessed from its header, or from a preset or a saved
 * mapping), the file's grades, statuses and campuses to the school's own, and the mapping saved under a name.
 */
export function MappingStep({
  preview,
  mapping,
  onChange,
  onSheet,
}: {
  preview: ImportFilePreview;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  onSheet: (sheet: string) => void;
}) {
  const { t } = useTranslation();
  const mappings = useImportMappings();
  const [startFrom, setStartFrom] = useState('guessed');

  const samplesOf = (column: number) =>
    preview.rows
      .map((row) => row.cells[column] ?? '')
      .filter(Boolean)
      .slice(0, SAMPLES);
  const setField = (header: string, field: ImportField | typeof NOT_IMPORTED) => {
    const columns = { ...mapping.columns };
    if (field !== NOT_IMPORTED) columns[header] = field;
    else delete columns[header];
    onChange({ ...mapping, columns });
  };
  const start = (choice: string) => {
    setStartFrom(choice);
    if (choice === 'guessed') return onChange(mappingOf(preview));
    const [kind, key] = choice.split(':');
    const preset = kind === 'preset' ? mappings.data?.presets.find((p) => p.key === key) : undefined;
    const saved = kind === 'saved' ? mappings.data?.saved.find((m) => String(m.id_import_mapping) === key) : undefined;
    const columns = preset?.columns ?? saved?.columns ?? {};
    // only the file's own headers: a mapping made for another export names columns this file lacks
    const known = Object.fromEntries(Object.entries(columns).filter(([header]) => preview.headers.includes(header)));
    onChange({ columns: known, values: saved ? saved.values : mapping.values });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('imports.mapping.fileFacts', {
          name: preview.originalName,
          row: preview.headerRowNumber,
          count: preview.headers.length,
        })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {preview.sheets && preview.sheets.length > 1 && (
          <TextField
            select
            label={t('imports.mapping.sheet')}
            value={preview.sheet ?? preview.sheets[0]}
            onChange={(event) => onSheet(event.target.value)}
            sx={{ minWidth: 200 }}
            data-testid="import-sheet"
          >
            {preview.sheets.map((sheet) => (
              <MenuItem key={sheet} value={sheet}>
                {sheet}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          label={t('imports.mapping.startFrom')}
          value={startFrom}
          onChange={(event) => start(event.target.value)}
          sx={{ minWidth: 240 }}
          data-testid="import-start-from"
        >
          <MenuItem value="guessed">{t('imports.mapping.guessed')}</MenuItem>
          {mappings.data?.presets.map((p) => (
            <MenuItem key={p.key} value={`preset:${p.key}`}>
              {t('imports.mapping.preset', { name: p.name })}
            </MenuItem>
          ))}
          {mappings.data?.saved.map((m) => (
            <MenuItem key={m.id_import_mapping} value={`saved:${m.id_import_mapping}`}>
              {t('imports.mapping.saved', { name: m.name })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {preview.preset && (
        <Alert severity="info">
          {t('imports.mapping.presetFound', { name: presetName(mappings.data, preview.preset) })}
        </Alert>
      )}

      <Typography component="h2" variant="h6">
        {t('imports.mapping.columnsTitle')}
      </Typography>
      <Stack spacing={1} data-testid="import-columns">
        {preview.headers.map((header, column) => (
          <Paper key={`${column}-${header}`} variant="outlined" sx={{ p: 1.5 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{header}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {samplesOf(column).join(' · ') || t('imports.mapping.noSamples')}
                </Typography>
              </Box>
              <TextField
                select
                size="small"
                label={t('imports.mapping.fieldOf', { header })}
                value={mapping.columns[header] ?? NOT_IMPORTED}
                onChange={(event) => setField(header, event.target.value as ImportField | typeof NOT_IMPORTED)}
                sx={{ minWidth: { sm: 260 } }}
              >
                <MenuItem value={NOT_IMPORTED}>{t('imports.mapping.notImported')}</MenuItem>
                {IMPORT_FIELDS.map((field) => (
                  <MenuItem key={field} value={field}>
                    {t(`imports.fields.${field}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </Paper>
        ))}
      </Stack>

      <ValueMaps preview={preview} mapping={mapping} onChange={onChange} />
      <SaveMapping mapping={mapping} />
    </Stack>
  );
}

const presetName = (list: { presets: Array<{ key: string; name: string }> } | undefined, key: string) =>
  list?.presets.find((p) => p.key === key)?.name ?? key;

/** The mapping saved for the school's next file from the same system (a school setting). */
function SaveMapping({ mapping }: { mapping: ImportMapping }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const save = useSaveMapping();
  const mappings = useImportMappings();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!ability.can('tab_configuration', 'school')) return null;
  const submit = async () => {
    if (!name.trim()) return setError(t('imports.mapping.nameRequired'));
    setError(null);
    const existing = mappings.data?.saved.find((m) => m.name === name.trim());
    try {
      const saved = await save.mutateAsync({
        id: existing?.id_import_mapping ?? null,
        body: { ...mapping, name: name.trim() },
      });
      enqueueSnackbar(saved.message, { variant: 'success' });
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        size="small"
        label={t('imports.mapping.saveName')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error !== null}
        helperText={error ?? t('imports.mapping.saveHint')}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <Button variant="outlined" onClick={() => void submit()} disabled={save.isPending}>
        {t('imports.mapping.save')}
      </Button>
    </Stack>
  );
}
