import { useEffect, useState } from 'react';
import { Alert, Button, MenuItem, Stack, TableCell, TableRow, TextField } from '@mui/material';
import { PagedTable } from '../../../components/PagedTable';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../lib/ability';
import type { ApiError } from '../../../lib/http';
import { PageTitle } from '../../../components/PageTitle';
import { useWorkingContext } from '../../../hooks/working-context';
import { priorityItemLabel } from '../../../lib/i18n';
import { usePriorities, useSavePriorities } from '../api/priorities';

/** Priority levels per campus (e.g. sibling 1, staff child 2, in-district 3, general 4), used by the lottery. */
export default function PrioritiesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('menu.priorities')}</PageTitle>
      <PrioritiesPanel />
    </>
  );
}

/** Levels of one campus: the chosen one, or `fixedCampus` on the campus screen's priorities tab. */
export function PrioritiesPanel({ fixedCampus }: { fixedCampus?: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const context = useWorkingContext();
  const [chosen, setChosen] = useState<number | null>(null);
  const campus = fixedCampus ?? chosen ?? context.id_campus;
  const mayRead = ability.can('access', 'priorities_configuration');
  const mayEdit = ability.can('edit', 'priorities_configuration');
  const rows = usePriorities(campus, mayRead);
  const save = useSavePriorities();
  const [levels, setLevels] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(
    () =>
      setLevels(
        Object.fromEntries(
          (rows.data ?? []).map((r) => [r.id_priority_item, r.priority_level === null ? '' : String(r.priority_level)]),
        ),
      ),
    [rows.data],
  );
  if (!mayRead) return <Alert severity="warning">{t('priorities.denied')}</Alert>;

  const onSave = async () => {
    const items = Object.entries(levels)
      .filter(([, v]) => v !== '')
      .map(([id, v]) => ({ id_priority_item: Number(id), priority_level: v }));
    try {
      enqueueSnackbar((await save.mutateAsync({ id_campus: campus, items })).message, { variant: 'success' });
      setErrors([]);
    } catch (error) {
      const e = error as ApiError;
      setErrors([e.message, ...e.errors.map((x) => x.message)].filter((m, i, all) => all.indexOf(m) === i));
    }
  };
  return (
    <>
      {!mayEdit && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('priorities.denied')}
        </Alert>
      )}
      {fixedCampus === undefined && (
        <Stack direction="row" sx={{ mb: 2 }}>
          <TextField
            select
            size="small"
            label={t('priorities.campus')}
            value={campus ?? ''}
            onChange={(e) => setChosen(Number(e.target.value))}
            sx={{ minWidth: { xs: '100%', sm: 260 } }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'priorities-campus' } as object } }}
          >
            {context.campuses.map((c) => (
              <MenuItem key={c.id_campus} value={c.id_campus}>
                {c.schoolName} · {c.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      {errors.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="priorities-error">
          {errors.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      )}
      <PagedTable
        testId="priorities-table"
        head={[t('priorities.item'), t('priorities.level')]}
        rows={rows.data}
        renderRow={(r) => (
          <TableRow key={r.id_priority_item}>
            <TableCell>{priorityItemLabel(r.name)}</TableCell>
            <TableCell>
              <TextField
                size="small"
                disabled={!mayEdit}
                value={levels[r.id_priority_item] ?? ''}
                onChange={(e) => setLevels({ ...levels, [r.id_priority_item]: e.target.value })}
                slotProps={{
                  htmlInput: {
                    'data-testid': `priority-${r.name}`,
                    inputMode: 'numeric',
                    'aria-label': `${t('priorities.level')}: ${priorityItemLabel(r.name)}`,
                  },
                }}
              />
            </TableCell>
          </TableRow>
        )}
      />
      {mayEdit && (
        <Button
          sx={{ mt: 2 }}
          variant="contained"
          onClick={() => void onSave()}
          disabled={save.isPending || campus === null}
          data-testid="priorities-save"
        >
          {t('priorities.save')}
        </Button>
      )}
    </>
  );
}
