import { useState } from 'react';
import { Button, Checkbox, ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { OPTIONAL_COLUMNS, type OptionalColumn } from '../columns';

const LABEL: Record<OptionalColumn, string> = {
  email: 'applications.email',
  phone: 'applications.phone',
  grade: 'applications.grade',
  status: 'applications.status',
  lotteryNumber: 'waiting.lotteryNumber',
  offerDeadline: 'waiting.offerDeadline',
};

/** Shows or hides the optional columns of a list (spec section 2: columns identified by field). */
export function ColumnsMenu({
  shows,
  toggle,
}: {
  shows: (c: OptionalColumn) => boolean;
  toggle: (c: OptionalColumn) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" data-testid="columns-menu">
        {t('applications.columns')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {OPTIONAL_COLUMNS.map((column) => (
          <MenuItem key={column} onClick={() => toggle(column)} data-testid={`column-${column}`}>
            <Checkbox
              checked={shows(column)}
              size="small"
              tabIndex={-1}
              disableRipple
              slotProps={{ input: { 'aria-label': t(LABEL[column]) } }}
            />
            <ListItemText primary={t(LABEL[column])} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
