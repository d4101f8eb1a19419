import { useState } from 'react';
import { Button, MenuItem, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { CampusEmailRow, CampusTextMessageRow } from '@openseat/shared/schemas/communication';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PagedTable } from '../../../components/PagedTable';
import { RowAction } from '../../../components/RowAction';
import {
  useDeleteTemplate,
  useEmailTemplates,
  useMessageTypes,
  useSmsTemplates,
  type TemplateKind,
  type TemplateListParams,
} from '../api/templates';
import { familyLanguage } from '../template-form';
import { TemplateDialog } from './TemplateDialog';

const PAGE_SIZE = 25;
type AnyRow = CampusEmailRow | CampusTextMessageRow;

/** One shape for both kinds of row, as the list shows it. */
function summaryOf(kind: TemplateKind, row: AnyRow) {
  if (kind === 'email') {
    const r = row as CampusEmailRow;
    return {
      id: r.id_campus_email,
      name: r.email.name,
      detail: r.email.subject,
      id_type: r.email.id_email_type,
      lng: r.email.lng,
    };
  }
  const r = row as CampusTextMessageRow;
  return {
    id: r.id_campus_text_message,
    name: r.text_message.name,
    detail: r.text_message.text,
    id_type: r.text_message.id_text_message_type,
    lng: r.text_message.lng,
  };
}

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The e-mail or SMS templates of a campus: filter by type and text, create, edit, delete. */
export function TemplatesTab({ kind, id_campus }: { kind: TemplateKind; id_campus: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useState<TemplateListParams>({ page: 0, pageSize: PAGE_SIZE, text: '', id_type: null });
  // undefined: closed; null: a new template
  const [editing, setEditing] = useState<AnyRow | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AnyRow | null>(null);
  // one of the two runs: each kind has its own permission
  const emails = useEmailTemplates(id_campus, params, kind === 'email');
  const sms = useSmsTemplates(id_campus, params, kind === 'sms');
  const list = kind === 'email' ? emails : sms;
  const types = useMessageTypes(kind);
  const remove = useDeleteTemplate(kind);
  const isEmail = kind === 'email';

  const move = (row: AnyRow) => {
    if (row.id_status_to === null) return '';
    const from = row.id_status_from === null ? t('templates.anyStatus') : t(`statuses.${row.id_status_from}`);
    return t('templates.moveValue', { from, to: t(`statuses.${row.id_status_to}`) });
  };
  const typeLabel = (id: number) =>
    t(`templates.types.${id}`, { defaultValue: types.data?.find((x) => x.id === id)?.name ?? String(id) });
  const onDelete = async (row: AnyRow) => {
    try {
      enqueueSnackbar((await remove.mutateAsync(summaryOf(kind, row).id)).message, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
      throw error;
    }
  };

  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t(isEmail ? 'templates.emailTitle' : 'templates.smsTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <TextField
          size="small"
          label={t('common.search')}
          value={params.text}
          onChange={(e) => setParams((p) => ({ ...p, text: e.target.value, page: 0 }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${kind}-template-search` } }}
        />
        <TextField
          select
          size="small"
          label={t('templates.filterType')}
          value={params.id_type ?? ''}
          onChange={(e) =>
            setParams((p) => ({ ...p, id_type: e.target.value === '' ? null : Number(e.target.value), page: 0 }))
          }
          sx={{ minWidth: 200 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('templates.anyType')}</MenuItem>
          {(types.data ?? []).map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {typeLabel(type.id)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" sx={{ flexGrow: 1 }} justifyContent="flex-end">
          <Button variant="contained" onClick={() => setEditing(null)} data-testid={`${kind}-template-create`}>
            {t(isEmail ? 'templates.createEmail' : 'templates.createSms')}
          </Button>
        </Stack>
      </Stack>
      <PagedTable
        testId={`${kind}-templates-table`}
        head={
          <>
            <TableCell>{t('templates.name')}</TableCell>
            <TableCell sx={hideOnPhone}>{t('templates.type')}</TableCell>
            <TableCell sx={hideOnPhone}>{t('templates.move')}</TableCell>
            <TableCell sx={hideOnPhone}>{t('templates.language')}</TableCell>
          </>
        }
        actions
        rows={list.data?.data}
        renderRow={(row: AnyRow) => {
          const r = summaryOf(kind, row);
          const language = t(`templates.languages.${familyLanguage(r.lng)}`);
          return (
            <TableRow key={r.id}>
              <TableCell sx={{ maxWidth: 360 }}>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {r.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {r.detail}
                </Typography>
                {/* on a phone the other columns are hidden: their facts go under the name */}
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="div"
                  sx={{ display: { xs: 'block', sm: 'none' } }}
                >
                  {[typeLabel(r.id_type), move(row), language].filter(Boolean).join(' · ')}
                </Typography>
              </TableCell>
              <TableCell sx={hideOnPhone}>{typeLabel(r.id_type)}</TableCell>
              <TableCell sx={hideOnPhone}>{move(row)}</TableCell>
              <TableCell sx={hideOnPhone}>{language}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <RowAction
                  title={t('templates.edit')}
                  label={t('templates.editNamed', { name: r.name })}
                  icon={<EditIcon fontSize="small" />}
                  onClick={() => setEditing(row)}
                  testId={`${kind}-template-edit-${r.id}`}
                />
                <RowAction
                  title={t('templates.delete')}
                  label={t('templates.deleteNamed', { name: r.name })}
                  icon={<DeleteIcon fontSize="small" />}
                  onClick={() => setDeleting(row)}
                  testId={`${kind}-template-delete-${r.id}`}
                />
              </TableCell>
            </TableRow>
          );
        }}
        paging={{
          page: params.page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPageChange: (page) => setParams((p) => ({ ...p, page })),
        }}
      />
      {editing !== undefined && (
        <TemplateDialog kind={kind} id_campus={id_campus} row={editing} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('templates.delete')}
        consequence={t('templates.confirmDelete', { name: deleting ? summaryOf(kind, deleting).name : '' })}
        confirmLabel={t('templates.delete')}
        danger
        onConfirm={() => onDelete(deleting!)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
