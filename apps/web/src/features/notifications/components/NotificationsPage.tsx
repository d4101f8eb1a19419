import { useState } from 'react';
import { Alert, Button, Paper, Stack } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SettingsIcon from '@mui/icons-material/Settings';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/PagedTable';
import { usePaging } from '../../../hooks/use-paging';
import { PageTitle } from '../../../components/PageTitle';
import { useMarkRead, useUnreadNotifications } from '../api/notifications';
import { NotificationList } from './NotificationList';
import { NotificationSettingsDialog } from './NotificationSettingsDialog';

const PAGE_SIZE = 20;

/** Every unread notification of the caller, newest first, with "mark all as read" and the settings. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { page, restart, paging } = usePaging(PAGE_SIZE);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const unread = useUnreadNotifications(page, PAGE_SIZE);
  const markRead = useMarkRead();
  const total = unread.data?.total ?? 0;
  const readAll = () =>
    markRead.mutate('all', {
      onSuccess: () => {
        restart();
        enqueueSnackbar(t('notifications.allRead'), { variant: 'success' });
      },
    });
  return (
    <Stack data-testid="notifications-page">
      <PageTitle>{t('notifications.title')}</PageTitle>
      <Stack direction="row" flexWrap="wrap" sx={{ gap: 1, mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<DoneAllIcon />}
          onClick={readAll}
          disabled={total === 0 || markRead.isPending}
          data-testid="notifications-page-read-all"
        >
          {t('notifications.markAllRead')}
        </Button>
        <Button
          startIcon={<SettingsIcon />}
          onClick={() => setSettingsOpen(true)}
          data-testid="notifications-page-settings"
        >
          {t('notifications.settings')}
        </Button>
      </Stack>
      {unread.isError && <Alert severity="error">{t('notifications.loadFailed')}</Alert>}
      <Paper variant="outlined">
        <NotificationList rows={unread.data?.data} loading={unread.isLoading} skeletonRows={6} />
        {total > PAGE_SIZE && <ListPagination paging={paging(unread.data?.total)} />}
      </Paper>
      <NotificationSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Stack>
  );
}
