import { useGradeOptions } from '../../../hooks/lookups';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LIST_STATUSES, type ApplicationListType } from '@openseat/shared/application-status';
import type { StatusId } from '@openseat/shared/constants';
import type { Filters } from '../saved-filters';
import { useCampusTags } from '../api/applications';

/** The filters of spec section 5 a list offers: text search, status (within the list's statuses), grade. */
export function ListFilters({
  type,
  id_campus,
  value,
  onChange,
  onReset,
  disabled = false,
}: {
  type: ApplicationListType;
  id_campus: number | null;
  /** Back to the list's defaults (and forget the saved filters), where the list keeps them. */
  onReset?: () => void;
  value: Filters;
  onChange: (next: Filters) => void;
  /** Until the saved filters are back: what is typed before would be overwritten by them. */
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const grades = useGradeOptions();
  const tags = useCampusTags(id_campus);
  const statuses = LIST_STATUSES[type];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        size="small"
        disabled={disabled}
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
          disabled={disabled}
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
        disabled={disabled}
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
      {(tags.data?.data.length ?? 0) > 0 && (
        <TextField
          select
          size="small"
          disabled={disabled}
          label={t('applications.tags')}
          value={value.tagIds ?? []}
          onChange={(e) => {
            const picked = e.target.value as unknown as number[];
            onChange({ ...value, tagIds: picked.length ? picked : undefined });
          }}
          sx={{ minWidth: 160 }}
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (ids) =>
                (ids as number[]).length
                  ? (tags.data?.data ?? [])
                      .filter((x) => (ids as number[]).includes(x.id_tag))
                      .map((x) => x.name)
                      .join(', ')
                  : t('applications.allTags'),
            },
          }}
        >
          {(tags.data?.data ?? []).map((x) => (
            <MenuItem key={x.id_tag} value={x.id_tag}>
              {x.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {onReset && (
        <Button onClick={onReset} disabled={disabled} data-testid="filters-reset">
          {t('applications.resetFilters')}
        </Button>
      )}
    </Stack>
  );
}
