import { Breadcrumbs as MuiBreadcrumbs, Link } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { buildBreadcrumbs } from './build-breadcrumbs';

export function Breadcrumbs() {
  const crumbs = buildBreadcrumbs(useLocation().pathname);
  if (crumbs.length === 0) return null;
  return (
    <MuiBreadcrumbs sx={{ mb: 1 }} data-testid="breadcrumbs">
      {crumbs.map((c) => (
        <Link key={c.to} component={RouterLink} to={c.to} underline="hover" color="inherit">
          {c.label}
        </Link>
      ))}
    </MuiBreadcrumbs>
  );
}
