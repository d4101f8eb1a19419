import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { useTranslation } from 'react-i18next';
import { MOVEMENT_TYPE } from '@openseat/shared/application-status';
import type { ApplicationDetail } from '@openseat/shared/schemas/applications';
import { useZonedDateTime } from '../../../hooks/use-zoned-date-time';
import { Section } from './DetailSection';

type T = ReturnType<typeof useTranslation>['t'];

/** Movements nobody on staff makes: the family's own answer in the portal, the system's automatic moves. */
const BY_MOVEMENT: Partial<Record<number, string>> = {
  [MOVEMENT_TYPE.GUARDIAN]: 'applications.byGuardian',
  [MOVEMENT_TYPE.AUTOMATIC]: 'applications.bySystem',
  [MOVEMENT_TYPE.OFFER_EXPIRED]: 'applications.bySystem',
};

/**
 * Who made a history row without a user: the family or the system by its movement, else the way the application
 * came in (its first row), else 'Unknown'.
 */
function byWhat(row: ApplicationDetail['statuses'][number], origin: string | null, t: T) {
  const by = BY_MOVEMENT[row.statusMovementType.id_status_movement_type];
  if (by) return t(by);
  const via = row.statusFrom === null ? origin : null;
  return via ? t(`intake.origins.${via}`, { defaultValue: t('common.unknown') }) : t('common.unknown');
}

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
                <TableCell>{s.author?.name ?? byWhat(s, application.origin, t)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}
