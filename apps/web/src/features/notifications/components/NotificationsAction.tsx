import { useState } from 'react';
import { Badge, Box, Button, Divider, IconButton, Popover, Stack, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SettingsIcon from '@mui/icons-material/Settings';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { useSession } from '../../../lib/client';
import { useMarkRead, useUnreadNotifications } from '../api/notifications';
import { NotificationList } from './NotificationList';
import { NotificationSettingsDialog } from './NotificationSettingsDialog';

const POPOVER_ROWS = 5;

/** The top bar's bell: the unread count (polled), the newest unread in a popover, settings and "see all". */
export default function NotificationsAction() {
  const { user } = useSession();
  // only staff of a school or campus are ever notified
  const notified = user?.id_context_type === CONTEXT_TYPE.SCHOOL || user?.id_context_type === CONTEXT_TYPE.CAMPUS;
  return notified ? <Bell /> : null;
}

function Bell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const unread = useUnreadNotifications(0, POPOVER_ROWS);
  const markRead = useMarkRead();
  const count = unread.data?.total ?? 0;
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('notifications.bell', { count })}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          data-testid="notifications-bell"
          data-unread={count}
        >
          {/* no badge at all at zero: MUI keeps the last count in a hidden badge, text the name would not match */}
          {count > 0 ? (
            <Badge badgeContent={count} color="error" max={99} data-testid="notifications-badge">
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('notifications.title'),
            'data-testid': 'notifications-popover',
            sx: { width: 380, maxWidth: 'calc(100vw - 16px)' },
          } as object,
        }}
      >
        <Stack direction="row" alignItems="center" sx={{ px: 2, py: 1, gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2">
              {t('notifications.title')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('notifications.unreadCount', { count })}
            </Typography>
          </Box>
          <Tooltip title={t('notifications.settings')}>
            <IconButton
              aria-label={t('notifications.settings')}
              onClick={() => setSettingsOpen(true)}
              data-testid="notifications-settings"
            >
              <SettingsIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <Divider />
        <Box sx={{ maxHeight: '60vh', overflowY: 'auto' }}>
          <NotificationList rows={unread.data?.data} loading={unread.isLoading} onFollow={close} />
        </Box>
        <Divider />
        <Stack direction="row" justifyContent="space-between" flexWrap="wrap" sx={{ p: 1, gap: 1 }}>
          <Button
            size="small"
            onClick={() => markRead.mutate('all')}
            disabled={count === 0 || markRead.isPending}
            data-testid="notifications-read-all"
          >
            {t('notifications.markAllRead')}
          </Button>
          <Button
            size="small"
            onClick={() => {
              close();
              void navigate('/main/notifications');
            }}
            data-testid="notifications-see-all"
          >
            {t('notifications.seeAll')}
          </Button>
        </Stack>
      </Popover>
      <NotificationSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
