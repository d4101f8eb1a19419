import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../lib/ability';
import { saveWorkingContext, useEnrollmentStatus, useWorkingContext } from '../../hooks/working-context';

const selectSx = {
  minWidth: 160,
  '& .MuiInputBase-root': { color: 'inherit' },
  '& fieldset': { borderColor: 'rgba(255,255,255,0.5)' },
  '& svg': { color: 'inherit' },
  '& label': { color: 'rgba(255,255,255,0.8)' },
  '& label.Mui-focused': { color: '#fff' },
  '& .MuiOutlinedInput-root.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: '#fff' },
};
/** Side by side, sharing the row (a phone's second header row). */
const fillSx = { ...selectSx, flex: 1, minWidth: 0 };

/** Whether the top bar has a campus or school-period selector for this user. */
export function useContextSelectorsShown() {
  const ability = useAbility();
  const { campuses, years } = useWorkingContext();
  return (
    (ability.can('show_campuses_selector', 'user_menu') && campuses.length > 0) ||
    (ability.can('show_school_periods_selector', 'user_menu') && years.length > 0)
  );
}

/** Campus and school-period selectors of the top bar (shown by permission); `fill` shares a whole row. */
export function ContextSelectors({ fill = false }: { fill?: boolean }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const client = useQueryClient();
  const { id_campus, campuses, years, id_school_year } = useWorkingContext();
  const choose = async (change: Parameters<typeof saveWorkingContext>[0]) => {
    await saveWorkingContext(change);
    await client.invalidateQueries();
  };
  return (
    <Stack direction="row" spacing={1} sx={fill ? { width: '100%' } : undefined}>
      {ability.can('show_campuses_selector', 'user_menu') && campuses.length > 0 && (
        <TextField
          select
          size="small"
          label={t('context.campus')}
          value={id_campus ?? ''}
          sx={fill ? fillSx : selectSx}
          onChange={(e) => void choose({ id_main_campus: Number(e.target.value), id_main_school_year: null })}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'campus-selector' } as object } }}
        >
          {campuses.map((c) => (
            <MenuItem key={c.id_campus} value={c.id_campus}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {ability.can('show_school_periods_selector', 'user_menu') && years.length > 0 && (
        <TextField
          select
          size="small"
          label={t('context.period')}
          value={id_school_year ?? ''}
          sx={fill ? fillSx : selectSx}
          onChange={(e) => void choose({ id_main_school_year: Number(e.target.value) })}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'period-selector' } as object } }}
        >
          {years.map((y) => (
            <MenuItem key={y.id_school_year} value={y.id_school_year}>
              {y.name} · {t(`context.states.${y.state}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}

/** 'Enrollment period has ended' and the other period notices (spec section 8). */
export function EnrollmentNotice() {
  const { id_campus, id_school_year } = useWorkingContext();
  const status = useEnrollmentStatus(id_campus, id_school_year);
  if (!status.data || status.data.acceptingApplications || !status.data.message) return null;
  return (
    <Alert
      severity={status.data.reason === 'ended' ? 'warning' : 'info'}
      sx={{ mb: 2 }}
      data-testid="enrollment-notice"
    >
      <strong>{status.data.message}</strong>
      {status.data.help ? ` ${status.data.help}` : ''}
    </Alert>
  );
}
