import { Box } from '@mui/material';

/**
 * Text cut by the room it has, not by a count of characters: the whole text stays in the page (screen readers,
 * search, copy) and an ellipsis shows where the cell ends. The caller puts the full text in a tooltip or title.
 */
export function Ellipsis({
  children,
  maxWidth = { xs: 160, sm: 220, lg: 320 },
}: {
  children: string;
  maxWidth?: number | Record<string, number>;
}) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        maxWidth,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'bottom',
      }}
    >
      {children}
    </Box>
  );
}
