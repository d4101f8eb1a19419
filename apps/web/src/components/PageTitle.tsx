import { Typography } from '@mui/material';

export function PageTitle({ children }: { children: React.ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">
      {children}
    </Typography>
  );
}
