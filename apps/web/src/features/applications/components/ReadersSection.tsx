import { useState } from 'react';
import { TableCell, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RecordRead } from '@openseat/shared/schemas/record-access';
import { PagedTable, pagingBeyondOnePage } from '../../../components/PagedTable';
import { formatDateTime } from '../../../lib/dates';
import { useRecordReaders } from '../api/applications';

const PAGE = 10;

/**
 * Who saw this child (docs/privacy.md): every view of the application, download of its files, export that carried it
 * and its family's visits to the portal, newest first. Shown to those who read the audit log.
 */
export function ReadersSection({ id_application }: { id_application: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const readers = useRecordReaders(id_application, page, PAGE);
  // an export names its format in the reader's language ("Solicitudes en CSV"); OneRoster is a name
  const detailOf = (read: RecordRead) =>
    read.how === 'export' && i18n.exists(`applications.exportFormats.${read.detail}`)
      ? t(`applications.exportFormats.${read.detail}`)
      : (read.detail ?? '');
  const who = (read: RecordRead) =>
    read.reader.kind === 'guardian'
      ? t('applications.readers.guardian', { contact: read.reader.contact })
      : [read.reader.name, read.reader.email].filter(Boolean).join(' · ');
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('applications.readers.explanation')}
      </Typography>
      <PagedTable
        testId="record-readers"
        label={t('applications.readers.title')}
        focusable
        paper={false}
        head={[t('applications.readers.when'), t('applications.readers.who'), t('applications.readers.how')]}
        rows={readers.data?.data}
        emptyText={t('applications.readers.none')}
        paging={pagingBeyondOnePage(readers.data?.total, page, PAGE, setPage)}
        renderRow={(read, i) => (
          <TableRow key={`${read.at}-${i}`}>
            <TableCell>{formatDateTime(read.at, i18n.language, '')}</TableCell>
            <TableCell>{who(read)}</TableCell>
            <TableCell>{t(`applications.readers.kinds.${read.how}`, { detail: detailOf(read) })}</TableCell>
          </TableRow>
        )}
      />
    </>
  );
}
