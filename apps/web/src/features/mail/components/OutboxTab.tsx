import { useState } from 'react';
import { Alert, Pagination, Stack, TableCell, TableRow } from '@mui/material';
import { PagedTable } from '../../../components/PagedTable';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/FilterSelect';
import { CHANNELS, MESSAGE_STATES, type Channel, type MessageState } from '@openseat/shared/communication';
import { MessageStateChip } from '../../../components/MessageStateChip';
import { formatDateTime } from '../../../lib/dates';
import { useOutbox } from '../api/mail';
import { pagesToOffer } from '../../../lib/paging';

/** Every school's messages with their state and the provider's error, filtered by state and channel. */
export function OutboxTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<MessageState | ''>('');
  const [channel, setChannel] = useState<Channel | ''>('');
  const outbox = useOutbox({ page, status, channel });
  const pages = pagesToOffer(outbox.data, page);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <FilterSelect
          label={t('messaging.status')}
          value={status}
          allLabel={t('messaging.allStates')}
          options={MESSAGE_STATES}
          optionLabel={(s) => t(`messaging.state.${s}`)}
          onChange={(v) => {
            setStatus(v);
            setPage(0);
          }}
          testId="outbox-status"
          minWidth={180}
        />
        <FilterSelect
          label={t('messaging.channel')}
          value={channel}
          allLabel={t('messaging.allChannels')}
          options={CHANNELS}
          optionLabel={(c) => t(`messaging.${c}`)}
          onChange={(v) => {
            setChannel(v);
            setPage(0);
          }}
          testId="outbox-channel"
          minWidth={180}
        />
      </Stack>
      {outbox.isError && <Alert severity="error">{outbox.error.message}</Alert>}
      <PagedTable
        testId="outbox-table"
        label={t('messaging.outboxTab')}
        containerSx={{ overflowX: 'auto' }}
        head={[
          t('messaging.time'),
          t('messaging.school'),
          t('messaging.type'),
          t('messaging.recipient'),
          t('messaging.subject'),
          t('messaging.status'),
          t('messaging.error'),
        ]}
        emptyText={t('messaging.outboxEmpty')}
        rows={outbox.data?.data}
        renderRow={(m) => (
          <TableRow key={m.id_message} data-testid="outbox-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt, i18n.language, '')}</TableCell>
            <TableCell>{m.school}</TableCell>
            <TableCell>
              {t(`messaging.${m.type}`)} · {m.template ?? t('messaging.custom')}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.recipient}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.subject ?? ''}</TableCell>
            <TableCell>
              <MessageStateChip state={m.state} />
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.error ?? ''}</TableCell>
          </TableRow>
        )}
      />
      <Pagination count={pages} page={page + 1} onChange={(_, p) => setPage(p - 1)} sx={{ p: 1 }} />
    </>
  );
}
