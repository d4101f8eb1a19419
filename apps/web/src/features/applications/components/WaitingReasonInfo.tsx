import InfoIcon from '@mui/icons-material/InfoOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { WaitingReason } from '@openseat/shared/schemas/lottery';
import { formatDate } from '../../../lib/dates';

/** "Why this position": the draw's level and lottery number, or the arrival on the waiting list. */
export function useWaitingReasonText() {
  const { t } = useTranslation();
  return (reason: WaitingReason) =>
    reason.kind === 'lottery'
      ? t('waiting.reasonLottery', { level: reason.level, n: reason.lottery_number }) +
        (reason.sibling ? ` · ${t('waiting.siblingPriority')}` : '')
      : t('waiting.reasonArrival', { date: formatDate(reason.at, t('common.noDate')) }) +
        (reason.late ? ` · ${t('waiting.lateApplication')}` : '');
}

export function WaitingReasonInfo({ reason, correlative }: { reason: WaitingReason; correlative: number }) {
  const { t } = useTranslation();
  const text = useWaitingReasonText()(reason);
  return (
    <Tooltip title={text}>
      <IconButton
        size="small"
        aria-label={t('waiting.why', { correlative, reason: text })}
        data-testid={`waiting-reason-${correlative}`}
        onClick={(e) => e.stopPropagation()}
      >
        <InfoIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
