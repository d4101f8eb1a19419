import { Suspense, useState } from 'react';
import { Alert, AppBar, Box, Drawer, IconButton, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs/Breadcrumbs';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { ContextSelectors, EnrollmentNotice } from '../../features/context/ContextSelectors';
import { useSession } from '../client';
import { LanguageSwitch } from './LanguageSwitch';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';

const DRAWER_WIDTH = 248;

/** The authenticated area: app bar, side menu, breadcrumbs and the current screen. */
export default function MainLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  if (!user) return <Navigate to="/login" replace />;
  if (user.id_context_type === 4 && !user.schoolSwitch) return <Navigate to="/login" replace />;
  const school = user.schools.find((s) => s.id_school === user.id_school);
  return (
    <Box sx={{ display: 'flex' }}>
      <AppBar position="fixed" sx={{ zIndex: theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 2 }}>
          {!wide && (
            <IconButton color="inherit" onClick={() => setOpen(true)} aria-label="menu">
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            {t('appName')}
            {school ? ` · ${school.name}` : ''}
          </Typography>
          {wide && <ContextSelectors />}
          <LanguageSwitch color="inverse" />
          <UserMenu />
        </Toolbar>
      </AppBar>
      <Drawer variant={wide ? 'permanent' : 'temporary'} open={wide || open} onClose={() => setOpen(false)} sx={{ width: DRAWER_WIDTH, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}>
        <Toolbar />
        <SideMenu onNavigate={() => setOpen(false)} />
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: 3, minWidth: 0 }}>
        <Toolbar />
        <Breadcrumbs />
        {!user.schoolActive && <Alert severity="warning" sx={{ mb: 2 }} data-testid="inactive-school">{t('schools.inactiveNotice')}</Alert>}
        {user.schoolActive && !user.campusActive && <Alert severity="warning" sx={{ mb: 2 }}>{t('schools.inactiveCampus')}</Alert>}
        <EnrollmentNotice />
        <Suspense fallback={<LoadingOverlay />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
