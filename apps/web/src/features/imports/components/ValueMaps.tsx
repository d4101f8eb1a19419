import { MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { STATUSES } from '@openseat/shared/constants';
import type { ImportFilePreview, ImportMapping, ImportValueKind } from '@openseat/shared/schemas/import-files';
import { useCampusOptions, useGradeOptions, usePriorityOptions } from '../../../hooks/lookups';
import { priorityItemLabel } from '../../../lib/i18n';

const KINDS: ImportValueKind[] = ['grade', 'status', 'campus', 'priority'];

/**
 * The file's own words for grades, statuses, campuses and priorities ("Kinder", "Waitlisted", "Main St", "Hermano")
 * and the school's one each stands for: the guessed ones, and the ones the preview left unmatched, for the columns mapped to those fields.
 */
export function ValueMaps({
  preview,
  mapping,
  onChange,
}: {
  preview: ImportFilePreview;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}) {
  const { t } = useTranslation();
  const grades = useGradeOptions();
  const campuses = useCampusOptions();
  const priorities = usePriorityOptions();
  const mapped = new Set(Object.values(mapping.columns));
  const options: Record<ImportValueKind, Array<{ id: number; name: string }>> = {
    grade: (grades.data ?? []).map((g) => ({ id: g.id_grade, name: g.name })),
    status: STATUSES.map((s) => ({ id: s.id_status, name: t(`statuses.${s.id_status}`) })),
    campus: (campuses.data ?? []).map((c) => ({ id: c.id_campus, name: c.name })),
    priority: (priorities.data ?? []).map((p) => ({ id: p.id_priority_item, name: priorityItemLabel(p.name) })),
  };
  const kinds = KINDS.filter((kind) => mapped.has(kind));
  if (kinds.length === 0) return null;

  const set = (kind: ImportValueKind, text: string, id: number | '') => {
    const values = { ...mapping.values, [kind]: { ...mapping.values[kind] } };
    if (id === '') delete values[kind][text];
    else values[kind][text] = id;
    onChange({ ...mapping, values });
  };

  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">
        {t('imports.values.title')}
      </Typography>
      <Typography variant="body2">{t('imports.values.explanation')}</Typography>
      {kinds.map((kind) => {
        const texts = [...new Set([...Object.keys(mapping.values[kind]), ...preview.unmapped[kind]])];
        return (
          <Paper
            key={kind}
            variant="outlined"
            component="section"
            aria-label={t(`imports.values.${kind}`)}
            sx={{ p: 1.5 }}
          >
            <Typography sx={{ fontWeight: 500, mb: 1 }}>{t(`imports.values.${kind}`)}</Typography>
            {texts.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('imports.values.none')}
              </Typography>
            )}
            <Stack spacing={1}>
              {texts.map((text) => (
                <TextField
                  key={text}
                  select
                  size="small"
                  label={t('imports.values.theirs', { text })}
                  value={mapping.values[kind][text] ?? ''}
                  onChange={(event) => set(kind, text, event.target.value === '' ? '' : Number(event.target.value))}
                  error={mapping.values[kind][text] === undefined}
                  helperText={mapping.values[kind][text] === undefined ? t('imports.values.unmatched') : undefined}
                >
                  <MenuItem value="">{t('imports.values.choose')}</MenuItem>
                  {options[kind].map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      {o.name}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
