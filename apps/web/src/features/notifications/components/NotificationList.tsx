import {
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NotificationRow } from '@openseat/shared/schemas/notifications';
import { formatDateTime } from '../../../lib/dates';
import { useMarkRead } from '../api/notifications';
import { notificationPath, notificationText } from './notification-text';

type Props = {
  rows: NotificationRow[] | undefined;
  loading: boolean;
  /** Called after a notification was followed (the popover closes). */
  onFollow?: () => void;
  skeletonRows?: number;
};

/**
 * Unread notifications, newest first. Following one opens its application (or list) and marks the caller's
 * notifications of that application read; the check mark reads one without leaving the page.
 */
export function NotificationList({ rows, loading, onFollow, skeletonRows = 3 }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  if (loading && !rows)
    return (
      <Stack sx={{ p: 2 }} spacing={1} data-testid="notifications-loading">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={44} />
        ))}
      </Stack>
    );
  if (!rows?.length)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary" data-testid="notifications-empty">
        {t('notifications.empty')}
      </Typography>
    );
  const follow = (row: NotificationRow) => {
    markRead.mutate(
      row.id_application === null ? { id_notification: row.id_notification } : { id_application: row.id_application },
    );
    onFollow?.();
    void navigate(notificationPath(row));
  };
  return (
    <List dense disablePadding data-testid="notifications-list">
      {rows.map((row) => {
        const text = notificationText(t, row);
        return (
          <ListItem
            key={row.id_notification}
            divider
            disablePadding
            data-testid={`notification-${row.id_notification}`}
            secondaryAction={
              <Tooltip title={t('notifications.markRead')}>
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={t('notifications.markReadOf', { text })}
                  onClick={() => markRead.mutate({ id_notification: row.id_notification })}
                  data-testid={`notification-read-${row.id_notification}`}
                >
                  <DoneIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            }
          >
            <ListItemButton onClick={() => follow(row)} data-testid="notification-open" sx={{ pr: 6 }}>
              <ListItemText
                primary={text}
                secondary={formatDateTime(row.createdAt, i18n.language, '')}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
