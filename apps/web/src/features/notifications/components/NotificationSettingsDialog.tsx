import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Skeleton,
  Switch,
} from '@mui/material';
import { DialogFooter } from '../../../components/DialogForm';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { NotificationSetting } from '@openseat/shared/schemas/notifications';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';

/** A switch per notification type, for the caller only. */
export function NotificationSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useNotificationSettings(open);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="notification-settings-title">
      <DialogTitle id="notification-settings-title">{t('notifications.settings')}</DialogTitle>
      {settings.data ? (
        <SettingsForm key={JSON.stringify(settings.data)} initial={settings.data.settings} onClose={onClose} />
      ) : (
        <DialogContent>
          <Skeleton variant="rounded" height={120} data-testid="notification-settings-loading" />
        </DialogContent>
      )}
    </Dialog>
  );
}

function SettingsForm({ initial, onClose }: { initial: NotificationSetting[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveNotificationSettings();
  const [enabled, setEnabled] = useState(
    () => new Map(initial.map((s) => [s.id_notification_settings_type, s.enabled])),
  );
  const submit = () =>
    save.mutate(
      {
        settings: [...enabled].map(([id_notification_settings_type, on]) => ({
          id_notification_settings_type,
          enabled: on,
        })),
      },
      {
        onSuccess: (r) => {
          enqueueSnackbar(r.message, { variant: 'success' });
          onClose();
        },
        onError: (e) => enqueueSnackbar(e.message, { variant: 'error' }),
      },
    );
  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('notifications.settingsHint')}</DialogContentText>
        <FormGroup data-testid="notification-settings">
          {initial.map((s) => (
            <FormControlLabel
              key={s.id_notification_settings_type}
              control={
                <Switch
                  checked={enabled.get(s.id_notification_settings_type) ?? true}
                  onChange={(e) => setEnabled((m) => new Map(m).set(s.id_notification_settings_type, e.target.checked))}
                  slotProps={{
                    input: { 'data-testid': `notification-setting-${s.id_notification_settings_type}` } as object,
                  }}
                />
              }
              label={t(`notifications.types.${s.id_notification_settings_type}`, { defaultValue: s.name })}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogFooter
        onCancel={onClose}
        cancelLabel={t('notifications.cancel')}
        onSubmit={submit}
        pending={save.isPending}
        submitLabel={t('notifications.save')}
        submitTestId="notification-settings-save"
      />
    </>
  );
}
