import { useState } from 'react';
import { Button, Stack, TableCell, TableRow } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { TagRow } from '@openseat/shared/schemas/enrollment';
import { useAbility } from '../../../lib/ability';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageTitle } from '../../../components/PageTitle';
import { useWorkingContext } from '../../../hooks/working-context';
import { useDeleteTag, useTags } from '../api/tags';
import { TagDialog } from './TagDialog';
import { SearchField } from '../../../components/SearchField';
import { usePaging } from '../../../hooks/use-paging';
import { PagedTable } from '../../../components/PagedTable';
import { RowAction } from '../../../components/RowAction';

const PAGE_SIZE = 25;

/** Application tags per campus (spec: name, description, campus). */
export default function TagsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const context = useWorkingContext();
  const { page, restart, paging } = usePaging(PAGE_SIZE);
  const [text, setText] = useState('');
  // undefined: closed; null: a new tag
  const [editing, setEditing] = useState<TagRow | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TagRow | null>(null);
  const tags = useTags({ page, pageSize: PAGE_SIZE, text });
  const remove = useDeleteTag();

  const onDelete = async (row: TagRow) => {
    enqueueSnackbar((await remove.mutateAsync(row.id_tag)).message, { variant: 'success' });
  };
  return (
    <>
      <PageTitle>{t('menu.tags')}</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" spacing={2} sx={{ mb: 2 }}>
        <SearchField
          value={text}
          onChange={(value) => {
            setText(value);
            restart();
          }}
        />
        {ability.can('create', 'tags_configuration') && (
          <Button variant="contained" onClick={() => setEditing(null)} data-testid="tag-create">
            {t('tags.create')}
          </Button>
        )}
      </Stack>
      <PagedTable
        testId="tags-table"
        head={[t('tags.name'), t('tags.description'), t('tags.campus')]}
        actions
        rows={tags.data?.data}
        renderRow={(row) => (
          <TableRow key={row.id_tag}>
            <TableCell>{row.name}</TableCell>
            <TableCell>{row.description}</TableCell>
            <TableCell>{row.campus.name}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {ability.can('edit', 'tags_configuration') && (
                <RowAction
                  title={t('tags.edit')}
                  label={t('tags.editNamed', { name: row.name })}
                  icon={<EditIcon fontSize="small" />}
                  onClick={() => setEditing(row)}
                />
              )}
              {ability.can('delete', 'tags_configuration') && (
                <RowAction
                  title={t('tags.delete')}
                  label={t('tags.deleteNamed', { name: row.name })}
                  icon={<DeleteIcon fontSize="small" />}
                  onClick={() => setDeleting(row)}
                  testId={`tag-delete-${row.id_tag}`}
                />
              )}
            </TableCell>
          </TableRow>
        )}
        paging={paging(tags.data?.total)}
      />
      {editing !== undefined && (
        <TagDialog
          open
          tag={editing}
          campuses={context.campuses}
          defaultCampus={context.id_campus}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('tags.delete')}
        consequence={t('tags.confirmDelete', { name: deleting?.name ?? '' })}
        confirmLabel={t('tags.delete')}
        danger
        onConfirm={() => onDelete(deleting!)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
