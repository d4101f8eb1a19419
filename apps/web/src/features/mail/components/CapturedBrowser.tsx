import type { ReactNode } from 'react';
import { Box, Card, CardContent, List, ListItemButton, ListItemText, Pagination, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';

type Captured = { to: string; createdAt: string };

/** Captured messages (mail or SMS), newest first, a page at a time, beside the one chosen (`children`). */
export function CapturedBrowser<T extends Captured>({
  list,
  page,
  onPage,
  idOf,
  primaryOf,
  wrapPrimary = false,
  selected,
  onSelect,
  emptyText,
  label,
  testId,
  children,
}: {
  list: { data: T[]; total: number; pageSize: number } | undefined;
  page: number;
  onPage: (page: number) => void;
  idOf: (item: T) => number;
  /** The line an item is known by (the subject, the start of the text). */
  primaryOf: (item: T) => string;
  wrapPrimary?: boolean;
  selected: number | null;
  onSelect: (id: number) => void;
  emptyText: string;
  label?: string;
  /** `<testId>-list` and `<testId>-item`. */
  testId: string;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Card sx={{ flex: 1 }}>
        <List component="div" data-testid={`${testId}-list`} aria-label={label}>
          {list?.data.length === 0 && <Box sx={{ p: 2 }}>{emptyText}</Box>}
          {list?.data.map((m) => (
            <ListItemButton
              key={idOf(m)}
              selected={idOf(m) === selected}
              onClick={() => onSelect(idOf(m))}
              data-testid={`${testId}-item`}
            >
              <ListItemText
                primary={primaryOf(m)}
                secondary={`${m.to} · ${formatDateTime(m.createdAt, i18n.language, t('common.noDate'))}`}
                slotProps={wrapPrimary ? { primary: { sx: { overflowWrap: 'anywhere' } } } : undefined}
              />
            </ListItemButton>
          ))}
        </List>
        <Pagination count={pages} page={page + 1} onChange={(_, p) => onPage(p - 1)} sx={{ p: 1 }} />
      </Card>
      <Card sx={{ flex: 2 }}>
        <CardContent>{children}</CardContent>
      </Card>
    </Stack>
  );
}
