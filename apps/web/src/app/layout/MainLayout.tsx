import { lazy, Suspense, useState } from 'react';
import { Alert, AppBar, Box, Drawer, IconButton, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs/Breadcrumbs';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { ContextSelectors, EnrollmentNotice, useContextSelectorsShown } from '../../features/context/ContextSelectors';
import { useQuery } from '@tanstack/react-query';
import type { CampusOption } from '@openseat/shared/schemas/schools';
import { lookupKeys } from '../../hooks/lookups';
import { http, useSession } from '../../lib/client';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';

const SendFeedbackAction = lazy(() => import('../../features/feedback/components/SendFeedbackAction'));
const NotificationsAction = lazy(() => import('../../features/notifications/components/NotificationsAction'));

const DRAWER_WIDTH = 248;
/** The second header row of a narrow screen, where the campus and school-period selectors go. */
const CONTEXT_ROW_SX = { minHeight: 56, pb: 1, alignItems: 'flex-end' } as const;

/** A campus user's own campus (the header names it: they work in no other). */
function useOwnCampus(id_campus: number | null) {
  const campuses = useQuery({
    queryKey: lookupKeys.campuses,
    queryFn: () => http.get<CampusOption[]>('/catalog/campuses'),
    enabled: id_campus !== null,
  });
  return campuses.data?.find((c) => c.id_campus === id_campus) ?? null;
}

/** The authenticated area: app bar, side menu, breadcrumbs and the current screen. */
export default function MainLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const contextShown = useContextSelectorsShown();
  const [open, setOpen] = useState(false);
  const campus = useOwnCampus(user?.id_campus ?? null);
  if (!user) return <Navigate to="/login" replace />;
  if (user.id_context_type === 4 && !user.schoolSwitch) return <Navigate to="/login" replace />;
  const school = user.schools.find((s) => s.id_school === user.id_school);
  const contextRow = !wide && contextShown;
  return (
    <Box sx={{ display: 'flex' }}>
      <AppBar position="fixed" sx={{ zIndex: theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          {!wide && (
            <IconButton
              color="inherit"
              edge="start"
              onClick={() => setOpen(true)}
              aria-label={t('layout.openMenu')}
              aria-expanded={open}
              data-testid="menu-button"
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="div" noWrap sx={{ flexGrow: 1, minWidth: 0 }} data-testid="app-title">
            {wide || !school ? t('appName') : null}
            {wide && school ? ' · ' : null}
            {school?.name}
            {campus && (
              <Box component="span" data-testid="app-campus">
                {` · ${campus.name}`}
              </Box>
            )}
          </Typography>
          {wide && <ContextSelectors />}
          <LanguageSwitch color="inverse" compact={!wide} />
          <Suspense fallback={null}>
            <SendFeedbackAction />
            <NotificationsAction />
          </Suspense>
          <UserMenu />
        </Toolbar>
        {contextRow && (
          <Toolbar sx={CONTEXT_ROW_SX} component="nav" aria-label={t('layout.workingContext')}>
            <ContextSelectors fill />
          </Toolbar>
        )}
      </AppBar>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || open}
        onClose={() => setOpen(false)}
        sx={{ width: DRAWER_WIDTH, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        <Toolbar />
        <SideMenu onNavigate={() => setOpen(false)} />
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, minWidth: 0 }}>
        <Toolbar />
        {contextRow && <Toolbar sx={CONTEXT_ROW_SX} />}
        <Breadcrumbs />
        {!user.schoolActive && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="inactive-school">
            {t('schools.inactiveNotice')}
          </Alert>
        )}
        {user.schoolActive && !user.campusActive && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('schools.inactiveCampus')}
          </Alert>
        )}
        <EnrollmentNotice />
        <Suspense fallback={<LoadingOverlay />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
