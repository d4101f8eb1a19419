import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { Page } from '@openseat/shared/schemas/pagination';
import { http, useAbility } from '../../app/client';
import type { ApiError } from '../../app/http';
import { PageTitle } from '../../components/PageTitle';
import { useWorkingContext } from '../context/context';

type TagRow = { id_tag: number; name: string; description: string | null; id_campus: number; campus: { id_campus: number; name: string } };
type Draft = { id_tag?: number; name: string; description: string; id_campus: number | '' };

/** Application tags per campus (spec: name, description, campus). */
export default function TagsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const client = useQueryClient();
  const context = useWorkingContext();
  const [page, setPage] = useState(0);
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tags = useQuery({ queryKey: ['tags', page, text], queryFn: () => http.get<Page<TagRow>>('/tag', { page, pageSize: 25, text }), placeholderData: keepPreviousData });
  const refresh = () => client.invalidateQueries({ queryKey: ['tags'] });
  const save = useMutation({
    mutationFn: (d: Draft) => (d.id_tag ? http.put<{ message: string }>(`/tag/${d.id_tag}`, d) : http.post<{ message: string }>('/tag', d)),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: number) => http.del<{ message: string }>(`/tag/${id}`), onSuccess: refresh });

  const onSave = async () => {
    try {
      enqueueSnackbar((await save.mutateAsync(draft!)).message, { variant: 'success' });
      setDraft(null);
      setErrors({});
    } catch (error) {
      const e = error as ApiError;
      setErrors(Object.fromEntries(e.errors.map((fe) => [fe.path, fe.message])));
      enqueueSnackbar(e.message, { variant: 'error' });
    }
  };
  const onDelete = async (row: TagRow) => {
    if (!window.confirm(t('tags.confirmDelete', { name: row.name }))) return;
    enqueueSnackbar((await remove.mutateAsync(row.id_tag)).message, { variant: 'success' });
  };
  return (
    <>
      <PageTitle>{t('menu.tags')}</PageTitle>
      <Stack direction="row" justifyContent="space-between" sx={{ mb: 2 }}>
        <TextField size="small" label={t('common.search')} value={text} onChange={(e) => { setText(e.target.value); setPage(0); }} slotProps={{ inputLabel: { shrink: true } }} />
        {ability.can('create', 'tags_configuration') && <Button variant="contained" onClick={() => { setErrors({}); setDraft({ name: '', description: '', id_campus: context.id_campus ?? '' }); }} data-testid="tag-create">{t('tags.create')}</Button>}
      </Stack>
      <Paper>
        <Table size="small" data-testid="tags-table">
          <TableHead><TableRow><TableCell>{t('tags.name')}</TableCell><TableCell>{t('tags.description')}</TableCell><TableCell>{t('tags.campus')}</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {tags.data?.data.map((row) => (
              <TableRow key={row.id_tag}>
                <TableCell>{row.name}</TableCell><TableCell>{row.description}</TableCell><TableCell>{row.campus.name}</TableCell>
                <TableCell align="right">
                  {ability.can('edit', 'tags_configuration') && <IconButton size="small" onClick={() => { setErrors({}); setDraft({ id_tag: row.id_tag, name: row.name, description: row.description ?? '', id_campus: row.id_campus }); }}><EditIcon fontSize="small" /></IconButton>}
                  {ability.can('delete', 'tags_configuration') && <IconButton size="small" onClick={() => void onDelete(row)}><DeleteIcon fontSize="small" /></IconButton>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination component="div" count={tags.data?.total ?? 0} page={page} rowsPerPage={25} rowsPerPageOptions={[25]} onPageChange={(_, p) => setPage(p)} />
      </Paper>
      <Dialog open={draft !== null} onClose={() => setDraft(null)} fullWidth maxWidth="sm">
        <DialogTitle>{draft?.id_tag ? t('tags.edit') : t('tags.create')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('tags.name')} value={draft?.name ?? ''} onChange={(e) => setDraft({ ...draft!, name: e.target.value })} error={!!errors.name} helperText={errors.name} slotProps={{ htmlInput: { 'data-testid': 'tag-name' } }} />
            <TextField label={t('tags.description')} multiline value={draft?.description ?? ''} onChange={(e) => setDraft({ ...draft!, description: e.target.value })} error={!!errors.description} helperText={errors.description} />
            <TextField select label={t('tags.campus')} value={draft?.id_campus ?? ''} disabled={Boolean(draft?.id_tag)} onChange={(e) => setDraft({ ...draft!, id_campus: Number(e.target.value) })} error={!!errors.id_campus} helperText={errors.id_campus}>
              {context.campuses.map((c) => <MenuItem key={c.id_campus} value={c.id_campus}>{c.schoolName} · {c.name}</MenuItem>)}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDraft(null)}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => void onSave()} disabled={save.isPending} data-testid="tag-save">{t('common.save')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
