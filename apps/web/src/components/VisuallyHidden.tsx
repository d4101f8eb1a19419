import { Box } from '@mui/material';

/** Text for screen readers only (e.g. the header of an actions column). */
export function VisuallyHidden({ children }: { children: React.ReactNode }) {
  // the relative wrapper keeps the hidden text inside its (scrolling) table, not at the page's edge
  return (
    <Box component="span" sx={{ position: 'relative' }}>
      <Box
        component="span"
        sx={{
          position: 'absolute',
          // strings: in sx a bare 1 would mean 100%
          width: '1px',
          height: '1px',
          padding: 0,
          margin: '-1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
          border: 0,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
