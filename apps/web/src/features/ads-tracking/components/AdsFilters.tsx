import { useEffect, useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DATE_RANGE } from '@openseat/shared/constants';
import { AD_SOURCES, type AdSource } from '@openseat/shared/schemas/ads-tracking';
import type { AdsView } from '../route';

const RANGES = Object.values(DATE_RANGE);
const STATUSES = [1, 9];
const pad = (n: number) => String(n).padStart(2, '0');
const today = () => new Date().toISOString().slice(0, 10);
const firstOfMonth = () => {
  const d = new Date();
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`;
};
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Platform, status and date range of the screen; the personalised range adds two date inputs. */
export function AdsFilters({ view, onChange }: { view: AdsView; onChange: (change: Partial<AdsView>) => void }) {
  const { t } = useTranslation();
  const [start, setStart] = useState(view.startDate ?? firstOfMonth());
  const [end, setEnd] = useState(view.endDate ?? today());
  // the address is the source of truth: back and forward bring their own dates
  useEffect(() => {
    if (view.startDate) setStart(view.startDate);
    if (view.endDate) setEnd(view.endDate);
  }, [view.startDate, view.endDate]);
  const personalised = view.timeFrame === DATE_RANGE.PERSONALIZED;
  const outOfOrder = isDay(start) && isDay(end) && start > end;
  const pick = (nextStart: string, nextEnd: string) => {
    setStart(nextStart);
    setEnd(nextEnd);
    if (isDay(nextStart) && isDay(nextEnd) && nextStart <= nextEnd)
      onChange({ timeFrame: DATE_RANGE.PERSONALIZED, startDate: nextStart, endDate: nextEnd });
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} flexWrap="wrap" useFlexGap>
      <TextField
        select
        size="small"
        label={t('adsTracking.platform')}
        value={view.platform}
        onChange={(e) => onChange({ platform: e.target.value as AdSource })}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ads-platform' } as object } }}
      >
        {AD_SOURCES.map((source) => (
          <MenuItem key={source} value={source} data-testid={`ads-platform-${source}`}>
            {t(`adsTracking.platforms.${source}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('adsTracking.status')}
        value={view.id_status}
        onChange={(e) => onChange({ id_status: Number(e.target.value) })}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ads-status' } as object } }}
      >
        {STATUSES.map((id) => (
          <MenuItem key={id} value={id}>
            {t(`adsTracking.statusOptions.${id}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('adsTracking.dateRange')}
        value={view.timeFrame}
        onChange={(e) => {
          const timeFrame = Number(e.target.value);
          if (timeFrame === DATE_RANGE.PERSONALIZED) pick(start, end);
          else onChange({ timeFrame, startDate: undefined, endDate: undefined });
        }}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ads-date-range' } as object } }}
      >
        {RANGES.map((id) => (
          <MenuItem key={id} value={id} data-testid={`ads-date-range-${id}`}>
            {t(`adsTracking.dateRanges.${id}`)}
          </MenuItem>
        ))}
      </TextField>
      {personalised && (
        <>
          <TextField
            type="date"
            size="small"
            label={t('adsTracking.startDate')}
            value={start}
            onChange={(e) => pick(e.target.value, end)}
            error={outOfOrder}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'ads-start-date' } }}
          />
          <TextField
            type="date"
            size="small"
            label={t('adsTracking.endDate')}
            value={end}
            onChange={(e) => pick(start, e.target.value)}
            error={outOfOrder}
            helperText={outOfOrder ? t('adsTracking.datesOrder') : undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'ads-end-date' } }}
          />
        </>
      )}
    </Stack>
  );
}
