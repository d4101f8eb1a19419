import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { useTranslation } from 'react-i18next';
import type { ApplicationDetail } from '@openseat/shared/schemas/applications';
import { useZonedDateTime } from '../../../hooks/use-zoned-date-time';
import { Section } from './DetailSection';

type T = ReturnType<typeof useTranslation>['t'];

/** Who made a history row without a user: the way the application came in (its first row), else 'Unknown'. */
const byWhat = (origin: string | null, t: T) =>
  origin ? t(`intake.origins.${origin}`, { defaultValue: t('common.unknown') }) : t('common.unknown');

/** The status moves of an application, oldest first, with who made each. */
export function StatusHistory({ application, t }: { application: ApplicationDetail; t: T }) {
  const moment = useZonedDateTime(application.id_campus);
  return (
    <Section title={t('applications.statusHistory')}>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="status-history">
          <TableHead>
            <TableRow>
              <TableCell>{t('applications.date')}</TableCell>
              <TableCell>{t('applications.movement')}</TableCell>
              <TableCell>{t('applications.by')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {application.statuses.map((s) => (
              <TableRow key={s.id_application_status}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{moment(s.createdAt, t('common.noDate'))}</TableCell>
                <TableCell>
                  {s.statusFrom
                    ? t('applications.movedFromTo', {
                        from: t(`statuses.${s.statusFrom.id_status}`),
                        to: t(`statuses.${s.id_status}`),
                      })
                    : t(`statuses.${s.id_status}`)}
                </TableCell>
                <TableCell>{s.author?.name ?? byWhat(s.statusFrom === null ? application.origin : null, t)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}
