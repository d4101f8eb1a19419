import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MessageState } from '@openseat/shared/communication';

const STATE_COLOR: Record<MessageState, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  sending: 'info',
  sent: 'info',
  delivered: 'success',
  failed: 'error',
  skipped: 'warning',
};

/** Where a message to a family is (queued, sent, delivered, failed...), as the history and the outbox show it. */
export function MessageStateChip({ state }: { state: MessageState }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATE_COLOR[state]} label={t(`messaging.state.${state}`)} />;
}
