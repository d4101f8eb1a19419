import { Box, Checkbox, IconButton, Link, Stack, TableCell, TableRow, Tooltip } from '@mui/material';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { ApplicationRow } from '@openseat/shared/schemas/applications';
import { Ellipsis } from '../../../components/Ellipsis';
import { useSession } from '../../../lib/client';
import { formatDate } from '../../../lib/dates';
import type { OptionalColumn } from '../columns';
import { CopyEmail } from './CopyEmail';
import { WaitingReasonInfo } from './WaitingReasonInfo';

/** The columns a list shows beyond date, id and applicant. */
export type ShownColumns = {
  shows: (column: OptionalColumn) => boolean;
  lottery: boolean;
  deadline: boolean;
  /** Up/down buttons: a waiting list filtered to one grade, for a caller who may reorder it. */
  order: boolean;
};

/** The place of a waiting application: up or down one step, within `total`. */
export type Reorder = { total: number; pending: boolean; place: (row: ApplicationRow, position: number) => void };

/** One application of a list: a click opens it; the checkbox, the name and the e-mail keep their own clicks. */
export function ApplicationListRow({
  row,
  path,
  columns,
  selected,
  onToggle,
  reorder,
}: {
  row: ApplicationRow;
  path: string;
  columns: ShownColumns;
  selected: boolean;
  onToggle: () => void;
  reorder: Reorder;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { shows } = columns;
  const to = `/main/${path}/${row.id_application}`;
  const unreadHint = row.lastMove?.from
    ? t('applications.movedFromTo', {
        from: t(`statuses.${row.lastMove.from.id_status}`),
        to: t(`statuses.${row.lastMove.to.id_status}`),
      })
    : t('applications.newLead');
  const position = row.waiting_list_position;
  return (
    <TableRow
      hover
      sx={{ cursor: 'pointer' }}
      onClick={() => navigate(to)}
      data-testid={`application-row-${row.correlative}`}
    >
      <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
        <Checkbox
          checked={selected}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': t('applications.selectNamed', { name: row.applicantName }) } }}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Stack direction="row" spacing={1} alignItems="center">
          {!row.read && row.lastMove?.id_user !== user?.id_user && (
            <Tooltip title={unreadHint}>
              <Box
                component="span"
                role="img"
                aria-label={unreadHint}
                sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'info.main', flexShrink: 0 }}
                data-testid="unread-dot"
              />
            </Tooltip>
          )}
          <span>{formatDate(row.createdAt, t('common.noDate'))}</span>
        </Stack>
      </TableCell>
      <TableCell>{row.correlative}</TableCell>
      <TableCell onClick={(e) => e.stopPropagation()}>
        <Tooltip describeChild title={row.applicantName}>
          <Link component={RouterLink} to={to}>
            <Ellipsis>{row.applicantName}</Ellipsis>
          </Link>
        </Tooltip>
      </TableCell>
      {shows('email') && (
        <TableCell onClick={(e) => e.stopPropagation()}>
          {row.email ? <CopyEmail email={row.email} /> : t('common.notSelected')}
        </TableCell>
      )}
      {shows('phone') && <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.phoneNumber ?? ''}</TableCell>}
      {shows('grade') && <TableCell>{row.grade?.name ?? t('common.notSelected')}</TableCell>}
      {shows('status') && (
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {t(`statuses.${row.id_status}`)}
          {position !== null && ` #${position}`}
          {row.waitingReason && <WaitingReasonInfo reason={row.waitingReason} correlative={row.correlative} />}
        </TableCell>
      )}
      {columns.lottery && <TableCell>{row.lottery_number ?? ''}</TableCell>}
      {columns.deadline && (
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {row.offer_expires_at ? formatDate(row.offer_expires_at, '') : ''}
        </TableCell>
      )}
      {columns.order && (
        <TableCell sx={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
          {position !== null && (
            <>
              <IconButton
                size="small"
                aria-label={t('waiting.moveUp')}
                disabled={position <= 1 || reorder.pending}
                onClick={() => reorder.place(row, position - 1)}
                data-testid={`waiting-up-${row.correlative}`}
              >
                <ArrowUpIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t('waiting.moveDown')}
                disabled={position >= reorder.total || reorder.pending}
                onClick={() => reorder.place(row, position + 1)}
                data-testid={`waiting-down-${row.correlative}`}
              >
                <ArrowDownIcon fontSize="small" />
              </IconButton>
            </>
          )}
        </TableCell>
      )}
    </TableRow>
  );
}
