import { useState } from 'react';
import { Alert, Box, Button, Pagination, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { PagedTable } from '../../../components/PagedTable';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useAudit, type AuditParams } from '../api/admin';
import { pagesToOffer } from '../../../lib/paging';

const EMPTY: Omit<AuditParams, 'page'> = { who: '', action: '', entity: '', entityId: '', from: '', to: '' };

/** The audit log of every school: who did what to which record, when; newest first. */
export function AuditTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [filters, setFilters] = useState(EMPTY);
  const audit = useAudit({ ...filters, page });
  const pages = pagesToOffer(audit.data, page);
  const field = (key: keyof typeof EMPTY, label: string, type = 'text') => (
    <TextField
      size="small"
      type={type}
      label={label}
      value={filters[key]}
      onChange={(e) => {
        setFilters({ ...filters, [key]: e.target.value });
        setPage(0);
      }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `admin-audit-${key}` } }}
    />
  );
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {field('who', t('admin.who'))}
        {field('action', t('admin.action'))}
        {field('entity', t('admin.recordType'))}
        {field('entityId', t('admin.recordId'))}
        {field('from', t('admin.from'), 'date')}
        {field('to', t('admin.to'), 'date')}
      </Box>
      <Button
        size="small"
        onClick={() => {
          setFilters(EMPTY);
          setPage(0);
        }}
        sx={{ mb: 2 }}
      >
        {t('admin.clear')}
      </Button>
      {audit.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {audit.error.message}
        </Alert>
      )}
      <PagedTable
        testId="admin-audit-table"
        label={t('admin.auditTable')}
        containerSx={{ overflowX: 'auto' }}
        head={[
          t('admin.time'),
          t('admin.user'),
          t('admin.school'),
          t('admin.action'),
          t('admin.record'),
          t('admin.changes'),
        ]}
        emptyText={t('admin.noAudit')}
        rows={audit.data?.data}
        renderRow={(row) => (
          <TableRow key={row.id_audit_log} data-testid="admin-audit-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt, i18n.language, '')}</TableCell>
            <TableCell>{row.userName ?? (row.id_user === null ? '' : `#${row.id_user}`)}</TableCell>
            <TableCell>{row.schoolName ?? ''}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.action}</TableCell>
            {/* one text: the record type is a code, never shown alone as if it were an interface word */}
            <TableCell
              sx={{ whiteSpace: 'nowrap' }}
            >{`${row.entity} ${row.entityId ? `#${row.entityId}` : '—'}`}</TableCell>
            <TableCell sx={{ minWidth: 240 }}>
              {row.changes != null && (
                <Typography
                  component="pre"
                  // it scrolls: a keyboard user must be able to reach it
                  tabIndex={0}
                  variant="body2"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0, maxHeight: 200, overflow: 'auto' }}
                >
                  {JSON.stringify(row.changes, null, 2)}
                </Typography>
              )}
            </TableCell>
          </TableRow>
        )}
      />
      <Pagination count={pages} page={page + 1} onChange={(_, p) => setPage(p - 1)} sx={{ p: 1 }} />
    </>
  );
}
