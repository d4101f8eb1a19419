import { Box, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LotteryRecord } from '@openseat/shared/schemas/lottery';
import { useZonedDateTime } from '../../../hooks/use-zoned-date-time';

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** The published facts of a lottery record, as label/value rows. */
export function RecordFacts({ record, dense }: { record: LotteryRecord; dense?: boolean }) {
  const { t } = useTranslation();
  const moment = useZonedDateTime();
  const rows: Array<[string, string, boolean]> = [
    [t('lottery.campus'), record.campus, false],
    [t('lottery.schoolYear'), record.schoolYear, false],
    [t('lottery.algorithm'), record.algorithm, true],
    [t('lottery.drawnAt'), moment(record.drawnAt, t('common.noDate')), false],
    [t('lottery.drawnBy'), record.drawnBy ?? t('common.unknown'), false],
    ...(record.source
      ? ([
          [t('lottery.v2.frozenAt'), moment(record.frozenAt, t('common.noDate')), false],
          [
            t('lottery.v2.source'),
            record.source === 'drand'
              ? `${t('lottery.v2.sourceDrandShort')} · ${t('lottery.v2.committedRound')} ${record.beaconRound ?? ''}`
              : t('lottery.v2.sourceDiceShort'),
            false,
          ],
        ] as Array<[string, string, boolean]>)
      : []),
    [t('lottery.seed'), record.seed ?? t('lottery.notRevealed'), true],
    ...(record.seedHash ? ([[t('lottery.seedHash'), record.seedHash, true]] as Array<[string, string, boolean]>) : []),
    [t('lottery.inputsHash'), record.inputsHash ?? '', true],
    [t('lottery.resultHash'), record.resultHash ?? '', true],
    [
      t('lottery.counts'),
      t('lottery.countsValue', {
        considered: record.consideredCount,
        selected: record.selectedCount,
        waiting: record.waitingCount,
      }),
      false,
    ],
  ];
  return (
    <Table size="small" data-testid="lottery-record" sx={dense ? { '& td': { py: 0.25 } } : undefined}>
      <TableBody>
        {rows.map(([label, value, code]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: { sm: 200 }, verticalAlign: 'top' }}>
              {label}
            </TableCell>
            <TableCell>
              <Box component="span" sx={code ? mono : undefined}>
                {value}
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
