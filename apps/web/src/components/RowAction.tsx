import type { ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';

/**
 * An icon button in a table row: the tooltip names the action, the accessible name names the action and the
 * row ("Edit Blue tag"), so a screen-reader user knows which row it acts on.
 */
export function RowAction(props: {
  title: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <Tooltip title={props.title}>
      <IconButton size="small" aria-label={props.label} onClick={props.onClick} data-testid={props.testId}>
        {props.icon}
      </IconButton>
    </Tooltip>
  );
}
