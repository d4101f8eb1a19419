import { Breadcrumbs as MuiBreadcrumbs, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { buildBreadcrumbs } from './build-breadcrumbs';

/** The spec's breadcrumbs; each section label in the reader's language (the spec's own label is the fallback). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const crumbs = buildBreadcrumbs(useLocation().pathname);
  if (crumbs.length === 0) return null;
  return (
    <MuiBreadcrumbs sx={{ mb: 1 }} data-testid="breadcrumbs" aria-label={t('layout.breadcrumbs')}>
      {crumbs.map((c) => (
        <Link key={c.to} component={RouterLink} to={c.to} underline="hover" color="inherit">
          {t(`breadcrumbs.${c.segment}`, { defaultValue: c.label })}
        </Link>
      ))}
    </MuiBreadcrumbs>
  );
}
