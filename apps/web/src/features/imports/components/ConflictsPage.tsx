import { useState } from 'react';
import { Link, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PagedTable } from '../../../components/PagedTable';
import { PageTitle } from '../../../components/PageTitle';
import { useWorkingContext } from '../../../hooks/working-context';
import { useImportConflicts } from '../api/import-runs';

/**
 * `/main/conflicting-applications`: the same child (name and date of birth) with applications at several campuses of
 * the school in the working school year, a page of children at a time, each application a link to it (issue 27).
 */
export default function ConflictsPage() {
  const { t, i18n } = useTranslation();
  const { id_school_year, years } = useWorkingContext();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const conflicts = useImportConflicts(id_school_year, page, pageSize);
  const year = years.find((y) => y.id_school_year === id_school_year)?.name ?? '';
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <PageTitle>{t('imports.conflicts.title')}</PageTitle>
      <Typography>{t('imports.conflicts.explanation', { year })}</Typography>
      <PagedTable
        testId="conflicts-table"
        label={t('imports.conflicts.title')}
        focusable
        head={[
          t('imports.conflicts.child'),
          t('imports.fields.studentDateOfBirth'),
          t('imports.conflicts.applications'),
        ]}
        rows={conflicts.data?.data}
        emptyText={t('imports.conflicts.none')}
        paging={{
          page,
          pageSize,
          total: conflicts.data?.total ?? 0,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(0);
          },
        }}
        renderRow={(child) => (
          <TableRow key={`${child.firstName}-${child.lastName}-${child.dateOfBirth}`}>
            <TableCell>{`${child.firstName} ${child.lastName}`}</TableCell>
            <TableCell>{new Date(`${child.dateOfBirth}T12:00:00`).toLocaleDateString(i18n.language)}</TableCell>
            <TableCell>
              <Stack component="ul" sx={{ m: 0, pl: 2 }}>
                {child.applications.map((application) => (
                  <li key={application.id_application}>
                    <Link component={RouterLink} to={`/main/applications/${application.id_application}`}>
                      {t('imports.conflicts.application', {
                        number: application.correlative,
                        campus: application.campus,
                        status: t(`statuses.${application.id_status}`),
                      })}
                    </Link>
                  </li>
                ))}
              </Stack>
            </TableCell>
          </TableRow>
        )}
      />
    </Stack>
  );
}
