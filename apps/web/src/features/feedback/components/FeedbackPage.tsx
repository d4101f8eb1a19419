import { useState } from 'react';
import { Box, Button, Chip, MenuItem, Stack, TableCell, TableRow, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { FeedbackRow } from '@openseat/shared/schemas/feedback';
import { useAbility } from '../../../lib/ability';
import { useSession } from '../../../lib/client';
import type { ApiError } from '../../../lib/http';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SearchField } from '../../../components/SearchField';
import { usePaging } from '../../../hooks/use-paging';
import { PagedTable } from '../../../components/PagedTable';
import { PageTitle } from '../../../components/PageTitle';
import { RowAction } from '../../../components/RowAction';
import { useObjectUrl } from '../../../hooks/use-object-url';
import { formatDate } from '../../../lib/dates';
import { useDeleteFeedback, useFeedbackList, useFeedbackScreenshot, useSaveFeedback } from '../api/feedback';
import { FeedbackDialog } from './FeedbackDialog';

const PAGE_SIZE = 25;
const STATUSES = [1, 2, 3];
const STATUS_COLOR = { 1: 'default', 2: 'info', 3: 'success' } as const;

function Thumbnail({ row }: { row: FeedbackRow }) {
  const { t } = useTranslation();
  const url = useObjectUrl(useFeedbackScreenshot(row).data);
  if (!row.screen_shot) return <>{t('feedback.noScreenshot')}</>;
  if (!url) return null;
  return (
    <Box
      component="a"
      href={url}
      target="_blank"
      rel="noopener"
      aria-label={t('feedback.screenshotOf', { title: row.title })}
      sx={{ display: 'inline-block' }}
    >
      <Box
        component="img"
        src={url}
        alt={t('feedback.screenshotOf', { title: row.title })}
        data-testid={`feedback-thumbnail-${row.id_feedback}`}
        sx={{ width: 96, maxHeight: 72, objectFit: 'cover', border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
    </Box>
  );
}

/** Feedback of the caller's school or campus (all of it for system users), with status for system users. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const { user } = useSession();
  const isSystem = user?.id_context_type === CONTEXT_TYPE.SYSTEM;
  const { page, restart, paging } = usePaging(PAGE_SIZE);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<number | ''>('');
  // undefined: closed; null: a new feedback
  const [editing, setEditing] = useState<FeedbackRow | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<FeedbackRow | null>(null);
  const list = useFeedbackList({
    page,
    pageSize: PAGE_SIZE,
    text,
    ...(status === '' ? {} : { id_status_feedback: status }),
  });
  const remove = useDeleteFeedback();
  const save = useSaveFeedback();

  const onDelete = async (row: FeedbackRow) => {
    enqueueSnackbar((await remove.mutateAsync(row.id_feedback)).message, { variant: 'success' });
  };
  const onStatus = async (row: FeedbackRow, id_status_feedback: number) => {
    try {
      const saved = await save.mutateAsync({ id_feedback: row.id_feedback, change: { id_status_feedback } });
      enqueueSnackbar(saved.message, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar((error as ApiError).message, { variant: 'error' });
    }
  };
  return (
    <>
      <PageTitle>{t('menu.feedback')}</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <SearchField
          value={text}
          onChange={(value) => {
            setText(value);
            restart();
          }}
        />
        <TextField
          select
          size="small"
          label={t('feedback.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value === '' ? '' : Number(e.target.value));
            restart();
          }}
          sx={{ minWidth: 180 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('feedback.allStatuses')}</MenuItem>
          {STATUSES.map((id) => (
            <MenuItem key={id} value={id}>
              {t(`feedback.statuses.${id}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        {ability.can('create', 'feedback') && (
          <Button variant="contained" onClick={() => setEditing(null)} data-testid="feedback-create">
            {t('feedback.create')}
          </Button>
        )}
      </Stack>
      <PagedTable
        testId="feedback-table"
        head={[
          t('feedback.title'),
          t('feedback.type'),
          t('feedback.status'),
          t('feedback.author'),
          t('feedback.date'),
          t('feedback.screenshot'),
        ]}
        actions
        rows={list.data?.data}
        renderRow={(row) => (
          <TableRow key={row.id_feedback} data-testid={`feedback-row-${row.id_feedback}`}>
            <TableCell sx={{ minWidth: 140 }}>{row.title}</TableCell>
            <TableCell>{t(`feedback.types.${row.id_feedback_type}`)}</TableCell>
            <TableCell>
              {isSystem && ability.can('edit', 'feedback') ? (
                <TextField
                  select
                  size="small"
                  variant="standard"
                  value={row.id_status_feedback}
                  onChange={(e) => void onStatus(row, Number(e.target.value))}
                  slotProps={{ htmlInput: { 'aria-label': t('feedback.statusOf', { title: row.title }) } }}
                >
                  {STATUSES.map((id) => (
                    <MenuItem key={id} value={id}>
                      {t(`feedback.statuses.${id}`)}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <Chip
                  size="small"
                  color={STATUS_COLOR[row.id_status_feedback as 1 | 2 | 3] ?? 'default'}
                  label={t(`feedback.statuses.${row.id_status_feedback}`)}
                />
              )}
            </TableCell>
            <TableCell>{row.authorName ?? t('feedback.unknownAuthor')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.createdAt, t('common.noDate'))}</TableCell>
            <TableCell>
              <Thumbnail row={row} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {row.isOwn && ability.can('edit', 'feedback') && (
                <RowAction
                  title={t('feedback.edit')}
                  label={t('feedback.editNamed', { title: row.title })}
                  icon={<EditIcon fontSize="small" />}
                  onClick={() => setEditing(row)}
                />
              )}
              {(row.isOwn || isSystem) && ability.can('delete', 'feedback') && (
                <RowAction
                  title={t('feedback.delete')}
                  label={t('feedback.deleteNamed', { title: row.title })}
                  icon={<DeleteIcon fontSize="small" />}
                  onClick={() => setDeleting(row)}
                  testId={`feedback-delete-${row.id_feedback}`}
                />
              )}
            </TableCell>
          </TableRow>
        )}
        paging={paging(list.data?.total)}
      />
      {editing !== undefined && (
        <FeedbackDialog
          feedback={editing}
          initial={editing === null ? { url: '', screenShot: null } : undefined}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('feedback.delete')}
        consequence={t('feedback.confirmDelete', { title: deleting?.title ?? '' })}
        confirmLabel={t('feedback.delete')}
        danger
        onConfirm={() => onDelete(deleting!)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
