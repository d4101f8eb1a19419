import { useEffect, useState } from 'react';
import {
  Alert,
  Checkbox,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import { DialogFooter } from '../../../components/DialogForm';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { UserDashboardItem } from '@openseat/shared/schemas/dashboard';
import type { ApiError } from '../../../lib/http';
import { useSaveDashboardWidgets } from '../api/dashboard';

type Entry = { id: number; on: boolean };

/** Choose the dashboard's metric cards and their order (up/down buttons); stored for the user. */
export function ConfigureWidgetsDialog({
  open,
  widgets,
  onClose,
}: {
  open: boolean;
  widgets: UserDashboardItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveDashboardWidgets();
  const [entries, setEntries] = useState<Entry[]>([]);
  useEffect(() => {
    if (open) setEntries(widgets.map((w) => ({ id: w.id_dashboard_item, on: w.isActive })));
  }, [open, widgets]);
  const move = (index: number, by: -1 | 1) =>
    setEntries((list) => {
      const next = [...list];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });
  const toggle = (id: number) => setEntries((list) => list.map((e) => (e.id === id ? { ...e, on: !e.on } : e)));
  const submit = async () => {
    try {
      const saved = await save.mutateAsync(entries.filter((e) => e.on).map((e) => e.id));
      enqueueSnackbar(saved.message, { variant: 'success' });
      onClose();
    } catch {
      // the refusal is shown in the dialog, which stays open
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="configure-widgets-title">
      <DialogTitle id="configure-widgets-title">{t('dashboard.configure')}</DialogTitle>
      <DialogContent dividers data-testid="configure-widgets-dialog">
        <DialogContentText sx={{ mb: 1 }}>{t('dashboard.configureHelp')}</DialogContentText>
        {save.isError && <Alert severity="error">{(save.error as ApiError).message}</Alert>}
        <List dense>
          {entries.map((entry, index) => {
            const name = t(`dashboard.items.${entry.id}`);
            return (
              <ListItem
                key={entry.id}
                data-testid={`widget-option-${entry.id}`}
                disableGutters
                secondaryAction={
                  <>
                    <IconButton
                      aria-label={t('dashboard.moveUp', { name })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      data-testid={`widget-up-${entry.id}`}
                    >
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton
                      aria-label={t('dashboard.moveDown', { name })}
                      disabled={index === entries.length - 1}
                      onClick={() => move(index, 1)}
                      data-testid={`widget-down-${entry.id}`}
                    >
                      <ArrowDownwardIcon />
                    </IconButton>
                  </>
                }
                sx={{ pr: 12 }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Checkbox
                    edge="start"
                    checked={entry.on}
                    onChange={() => toggle(entry.id)}
                    slotProps={{ input: { 'aria-label': t('dashboard.show', { name }) } }}
                    data-testid={`widget-toggle-${entry.id}`}
                  />
                </ListItemIcon>
                <ListItemText primary={name} />
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogFooter
        onCancel={onClose}
        cancelLabel={t('dashboard.cancel')}
        onSubmit={() => void submit()}
        pending={save.isPending}
        submitLabel={t('dashboard.save')}
        submitTestId="widgets-save"
      />
    </Dialog>
  );
}
