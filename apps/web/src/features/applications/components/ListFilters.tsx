import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LIST_STATUSES, type ApplicationListType } from '@openseat/shared/application-status';
import type { StatusId } from '@openseat/shared/constants';
import { useGradeOptions } from '../api/applications';

export type Filters = { text: string; id_status?: StatusId; id_grade?: number };

/** The filters of spec section 5 a list offers: text search, status (within the list's statuses), grade. */
export function ListFilters({
  type,
  value,
  onChange,
}: {
  type: ApplicationListType;
  value: Filters;
  onChange: (next: Filters) => void;
}) {
  const { t } = useTranslation();
  const grades = useGradeOptions();
  const statuses = LIST_STATUSES[type];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        size="small"
        label={t('common.search')}
        placeholder={t('applications.searchHint')}
        value={value.text}
        onChange={(e) => onChange({ ...value, text: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'applications-search' } }}
        sx={{ minWidth: 240 }}
      />
      {statuses.length > 1 && (
        <TextField
          select
          size="small"
          label={t('applications.status')}
          value={value.id_status ?? ''}
          onChange={(e) =>
            onChange({ ...value, id_status: e.target.value === '' ? undefined : (Number(e.target.value) as StatusId) })
          }
          sx={{ minWidth: 160 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('applications.allStatuses')}</MenuItem>
          {statuses.map((id) => (
            <MenuItem key={id} value={id}>
              {t(`statuses.${id}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label={t('applications.grade')}
        value={value.id_grade ?? ''}
        onChange={(e) => onChange({ ...value, id_grade: e.target.value === '' ? undefined : Number(e.target.value) })}
        sx={{ minWidth: 160 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('applications.allGrades')}</MenuItem>
        {(grades.data ?? []).map((g) => (
          <MenuItem key={g.id_grade} value={g.id_grade}>
            {g.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
