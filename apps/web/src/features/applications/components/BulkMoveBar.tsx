import { useState } from 'react';
import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { MOVE_TARGETS } from '@openseat/shared/application-status';
import type { StatusId } from '@openseat/shared/constants';
import { useAbility } from '../../../lib/ability';
import { useBulkTag, useCampusTags, useMoveApplications } from '../api/applications';
import { noticeText } from '../move-outcome';
import { SchoolYearDialog, type SchoolYearMode } from './SchoolYearDialog';

/** Moves the selected applications in one call; the server answers which moved, had no seat or were refused. */
export function BulkMoveBar({
  selected,
  id_campus,
  onDone,
}: {
  selected: number[];
  id_campus: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const move = useMoveApplications();
  const ability = useAbility();
  const mayTag = ability.can('manage_tags', 'applications');
  const tags = useCampusTags(mayTag ? id_campus : null);
  const bulkTag = useBulkTag();
  const [target, setTarget] = useState<StatusId | ''>('');
  const [tagChoice, setTagChoice] = useState<number | ''>('');
  const [schoolYear, setSchoolYear] = useState<SchoolYearMode | null>(null);
  const tagSelection = async () => {
    if (tagChoice === '') return;
    try {
      const result = await bulkTag.mutateAsync({ applicationIds: selected, id_tag: tagChoice, type: 'app_list' });
      enqueueSnackbar(t('applications.tagged', { count: result.tagged.length + result.alreadyTagged.length }), {
        variant: result.refused.length ? 'warning' : 'success',
      });
      onDone();
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  const submit = async () => {
    if (target === '') return;
    try {
      const result = await move.mutateAsync({ applicationIds: selected, id_status: target });
      enqueueSnackbar(noticeText(result.notice), { variant: result.notice.severity });
      onDone();
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  return (
    <Paper sx={{ p: 1.5, mb: 2 }} data-testid="bulk-bar">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <Typography>{t('applications.selectedCount', { count: selected.length })}</Typography>
        <TextField
          select
          size="small"
          label={t('applications.moveTo')}
          value={target}
          onChange={(e) => setTarget(Number(e.target.value) as StatusId)}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'bulk-target' } as object } }}
        >
          {MOVE_TARGETS.map((id) => (
            <MenuItem key={id} value={id}>
              {t(`statuses.${id}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          disabled={target === '' || move.isPending}
          onClick={() => void submit()}
          data-testid="bulk-move"
        >
          {t('applications.move')}
        </Button>
        {mayTag && (tags.data?.data.length ?? 0) > 0 && (
          <>
            <TextField
              select
              size="small"
              label={t('applications.tag')}
              value={tagChoice}
              onChange={(e) => setTagChoice(Number(e.target.value))}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'bulk-tag-choice' } as object } }}
            >
              {tags.data!.data.map((x) => (
                <MenuItem key={x.id_tag} value={x.id_tag}>
                  {x.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              disabled={tagChoice === '' || bulkTag.isPending}
              onClick={() => void tagSelection()}
              data-testid="bulk-tag"
            >
              {t('applications.tagSelection')}
            </Button>
          </>
        )}
        {ability.can('transfer_applications', 'applications') && (
          <Button onClick={() => setSchoolYear('transfer')} data-testid="bulk-transfer-year">
            {t('applications.schoolYear_transfer')}
          </Button>
        )}
        {ability.can('copy_applications', 'applications') && (
          <Button onClick={() => setSchoolYear('copy')} data-testid="bulk-copy-year">
            {t('applications.schoolYear_copy')}
          </Button>
        )}
      </Stack>
      {schoolYear && (
        <SchoolYearDialog
          mode={schoolYear}
          applicationIds={selected}
          onClose={() => {
            setSchoolYear(null);
            onDone();
          }}
        />
      )}
    </Paper>
  );
}
