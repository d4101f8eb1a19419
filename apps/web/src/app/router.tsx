import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, Outlet, useNavigate, useParams } from 'react-router';
import type { Subject } from '@openseat/shared/permissions';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { restoreSession } from '../features/auth/api/auth';
import { LIST_TYPE } from '@openseat/shared/constants';
import { LIST_SCREENS } from '../features/applications/lists';
import { onSessionEnd } from '../lib/client';
import { GoContext } from '../lib/go';
import { loadCatalogue } from '../lib/i18n';

// the signed-in screens' guard brings CASL: not loaded by the sign-in page
const RequirePermission = lazy(() =>
  import('../components/RequirePermission').then((m) => ({ default: m.RequirePermission })),
);
const NotFound = lazy(() => import('../components/NotFound').then((m) => ({ default: m.NotFound })));
const LoginPage = lazy(() => import('../features/auth/components/LoginPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/ResetPasswordPage'));
// the signed-in app comes with every screen's words (the sign-in page loads only its own)
// and its query cache and notices
const MainLayout = lazy(() =>
  Promise.all([import('./layout/MainLayout'), import('./signed-in-providers'), loadCatalogue()]).then(
    ([{ default: Layout }, { SignedInProviders }]) => ({
      default: () => (
        <SignedInProviders>
          <Layout />
        </SignedInProviders>
      ),
    }),
  ),
);
const SettingsPage = lazy(() => import('../features/account/components/SettingsPage'));
const UsersPage = lazy(() => import('../features/users/components/UsersPage'));
const RolesPage = lazy(() => import('../features/roles/components/RolesPage'));
const RoleDetailPage = lazy(() => import('../features/roles/components/RoleDetailPage'));
const SchoolsPage = lazy(() => import('../features/schools/components/SchoolsPage'));
const SchoolDetailPage = lazy(() => import('../features/schools/components/SchoolDetailPage'));
const CampusDetailPage = lazy(() => import('../features/schools/components/CampusDetailPage'));
const EnrollmentSettingsPage = lazy(() => import('../features/enrollment/components/EnrollmentSettingsPage'));
const PeriodDetailPage = lazy(() => import('../features/enrollment/components/PeriodDetailPage'));
const RegistrationChecklistPage = lazy(() => import('../features/registration/components/RegistrationChecklistPage'));
const ReviewQueuePage = lazy(() => import('../features/registration/components/ReviewQueuePage'));
const ImportPage = lazy(() => import('../features/imports/components/ImportPage'));
const ConflictsPage = lazy(() => import('../features/imports/components/ConflictsPage'));
const PacketReviewPage = lazy(() => import('../features/registration/components/PacketReviewPage'));
const SisHandoffPage = lazy(() => import('../features/sis-handoff/components/SisHandoffPage'));
const PrioritiesPage = lazy(() => import('../features/priorities/components/PrioritiesPage'));
const TagsPage = lazy(() => import('../features/tags/components/TagsPage'));
const FeedbackPage = lazy(() => import('../features/feedback/components/FeedbackPage'));
const NotificationsPage = lazy(() => import('../features/notifications/components/NotificationsPage'));
const ReadNotificationsOf = lazy(() => import('../features/notifications/components/ReadNotificationsOf'));
const MailPage = lazy(() => import('../features/mail/components/MailPage'));
const FailedMessagesPage = lazy(() => import('../features/messaging/components/FailedMessagesPage'));
const AdminConsolePage = lazy(() => import('../features/admin/components/AdminConsolePage'));
const DashboardPage = lazy(() => import('../features/dashboard/components/DashboardPage'));
const ApplicationsListPage = lazy(() => import('../features/applications/components/ApplicationsListPage'));
const ApplicationDetailPage = lazy(() => import('../features/applications/components/ApplicationDetailPage'));
const AdsTrackingPage = lazy(() => import('../features/ads-tracking/components/AdsTrackingPage'));
// panels one feature's screen shows from another feature: composed here, so features never import each other
const UsersPanel = lazy(() =>
  import('../features/users/components/UsersPanel').then((m) => ({ default: m.UsersPanel })),
);
const LotteryPanel = lazy(() =>
  import('../features/lottery/components/LotteryPanel').then((m) => ({ default: m.LotteryPanel })),
);
const LotteryVerificationPage = lazy(() => import('../features/lottery/components/VerificationPage'));
const LotteryCertificatePage = lazy(() => import('../features/lottery/components/CertificatePage'));
const LotteryFreezeNoticePage = lazy(() => import('../features/lottery/components/FreezeNoticePage'));
const LotteryPresentationPage = lazy(() => import('../features/lottery/components/PresentationPage'));
const PublicLotteryPage = lazy(() => import('../features/lottery-public/components/PublicLotteryPage'));
/**
 * A period's public lottery record reached by a link inside the app (a load of its address never comes here: main.tsx).
 * The app's own language switch: the plain one would be split out of the first page's bundle if this chunk shared it.
 */
function PublicLotteryRoute() {
  const { token = '' } = useParams();
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <PublicLotteryPage token={token} languageSwitch={<LanguageSwitch />} />
    </Suspense>
  );
}
const PrioritiesPanel = lazy(() =>
  import('../features/priorities/components/PrioritiesPage').then((m) => ({ default: m.PrioritiesPanel })),
);

const FormsTab = lazy(() => import('../features/forms/components/FormsTab'));
const EmailTemplatesTab = lazy(() => import('../features/templates/components/EmailTemplatesTab'));
const RemindersTab = lazy(() => import('../features/reminders/components/RemindersTab'));
const SmsTemplatesTab = lazy(() => import('../features/templates/components/SmsTemplatesTab'));
const BulkSendAction = lazy(() =>
  import('../features/messaging/components/BulkSendDialog').then((m) => ({ default: m.BulkSendAction })),
);
const CommunicationHistory = lazy(() =>
  import('../features/messaging/components/CommunicationHistory').then((m) => ({ default: m.CommunicationHistory })),
);
const SubmissionsSection = lazy(() =>
  import('../features/forms/components/SubmissionsSection').then((m) => ({ default: m.SubmissionsSection })),
);
const FamilyExportButton = lazy(() =>
  import('../features/family-export/components/FamilyExportButton').then((m) => ({ default: m.FamilyExportButton })),
);
/** The family's export on request, beside the application's actions (a button: no loader while it loads). */
const familyExport = (a: { id_application: number; correlative: number }) => (
  <Suspense fallback={null}>
    <FamilyExportButton id_application={a.id_application} correlative={a.correlative} />
  </Suspense>
);
const schoolDetail = <SchoolDetailPage renderUsers={(scope) => <UsersPanel {...scope} />} />;
const campusDetail = (
  <CampusDetailPage
    renderUsers={(scope) => <UsersPanel {...scope} />}
    renderPriorities={(id_campus) => <PrioritiesPanel fixedCampus={id_campus} />}
    renderForms={(id_campus) => <FormsTab id_campus={id_campus} />}
    renderEmails={(id_campus) => <EmailTemplatesTab id_campus={id_campus} />}
    renderReminders={(id_campus) => <RemindersTab id_campus={id_campus} />}
    renderSms={(id_campus) => <SmsTemplatesTab id_campus={id_campus} />}
  />
);

/** Restores the session from the stored refresh token before any screen shows. */
function Root() {
  const navigate = useNavigate();
  // the signed-out pages (shared with the first page, which has no router) move on through navigate here
  const go = useCallback((path: string) => void navigate(path, { replace: true }), [navigate]);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    onSessionEnd(() => navigate('/login', { replace: true }));
    void restoreSession().finally(() => setReady(true));
  }, [navigate]);
  if (!ready) return <LoadingOverlay />;
  return (
    <GoContext.Provider value={go}>
      <Suspense fallback={<LoadingOverlay />}>
        <Outlet />
      </Suspense>
    </GoContext.Provider>
  );
}

const guarded = (subject: Subject, element: React.ReactNode) => (
  <RequirePermission subject={subject}>{element}</RequirePermission>
);

/** The applications lists and their `{id}` details (spec section 2); a new screen per address. */
const applicationScreens = LIST_SCREENS.flatMap((screen) => [
  {
    path: screen.path,
    element: guarded(
      screen.subject,
      <ApplicationsListPage
        key={screen.path}
        screen={screen}
        renderBulkActions={(selection) => (
          // its own boundary: loading the action must not unmount the list (and lose the selection)
          <Suspense fallback={null}>
            <BulkSendAction {...selection} />
          </Suspense>
        )}
      />,
    ),
  },
  {
    path: `${screen.path}/:id`,
    element: guarded(
      screen.subject,
      <ApplicationDetailPage
        key={screen.path}
        screen={screen}
        renderCommunication={(id) => <CommunicationHistory id_application={id} />}
        renderFamilyExport={familyExport}
        renderSubmissions={(id) => (
          <>
            <SubmissionsSection id_application={id} />
            <ReadNotificationsOf id_application={id} />
          </>
        )}
      />,
    ),
  },
]);

/**
 * Ads tracking and its addresses (spec section 2): the state in the address, and the application detail under it
 * (the applications feature's detail, with the ads address as its list: `.../application` goes back to it).
 */
const adsTracking = guarded(
  'ads_tracking',
  <AdsTrackingPage
    renderApplication={(listPath) => (
      <ApplicationDetailPage
        key={listPath}
        screen={{ path: listPath, type: LIST_TYPE.SCHOOL_APPS, subject: 'ads_tracking', titleKey: 'menu.adsTracking' }}
        renderCommunication={(id) => <CommunicationHistory id_application={id} />}
        renderFamilyExport={familyExport}
        renderSubmissions={(id) => <SubmissionsSection id_application={id} />}
      />
    )}
  />,
);
const ADS = 'ads/tracking/:platform/:id_status/:timeFrame';
const adsTrackingScreens = [
  { path: 'ads/tracking', element: adsTracking },
  { path: ADS, element: adsTracking },
  { path: `${ADS}/application/:id`, element: adsTracking },
  { path: `${ADS}/:startDate/:endDate`, element: adsTracking },
  { path: `${ADS}/:startDate/:endDate/application/:id`, element: adsTracking },
  { path: `${ADS}/application`, element: <Navigate to=".." relative="path" replace /> },
  { path: `${ADS}/:startDate/:endDate/application`, element: <Navigate to=".." relative="path" replace /> },
];

export const router = createBrowserRouter([
  { path: '/public/lottery/:token', element: <PublicLotteryRoute /> },
  {
    element: <Root />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/resetpassword', element: <ResetPasswordPage /> },
      {
        path: '/main',
        element: <MainLayout />,
        children: [
          { index: true, element: <Navigate to="/main/applications" replace /> },
          ...applicationScreens,
          { path: 'enrollment-settings', element: guarded('enrollment_settings', <EnrollmentSettingsPage />) },
          {
            path: 'enrollment-settings/:id_campus_year',
            element: guarded(
              'enrollment_settings',
              <PeriodDetailPage renderLottery={(period) => <LotteryPanel period={period} />} />,
            ),
          },
          {
            path: 'enrollment-settings/:id_campus_year/registration',
            element: guarded('enrollment_settings', <RegistrationChecklistPage />),
          },
          { path: 'registration-reviews', element: guarded('selected_list', <ReviewQueuePage />) },
          {
            path: 'imports',
            element: (
              <RequirePermission subject="application" action="create">
                <ImportPage />
              </RequirePermission>
            ),
          },
          { path: 'conflicting-applications', element: guarded('applications', <ConflictsPage />) },
          { path: 'registration-reviews/applications', element: <Navigate to=".." relative="path" replace /> },
          { path: 'registration-reviews/applications/:id', element: guarded('selected_list', <PacketReviewPage />) },
          {
            path: 'enrollment-settings/:id_campus_year/sis',
            element: guarded('selected_list', <SisHandoffPage />),
          },
          // the breadcrumb of the lottery screens: back to the period, where the lottery lives
          {
            path: 'enrollment-settings/:id_campus_year/lottery',
            element: <Navigate to=".." relative="path" replace />,
          },
          {
            path: 'enrollment-settings/:id_campus_year/lottery/present',
            element: guarded('enrollment_settings', <LotteryPresentationPage />),
          },
          {
            path: 'enrollment-settings/:id_campus_year/lottery/:id_lottery',
            element: guarded('enrollment_settings', <LotteryVerificationPage />),
          },
          {
            path: 'enrollment-settings/:id_campus_year/lottery/:id_lottery/certificate',
            element: guarded('enrollment_settings', <LotteryCertificatePage />),
          },
          {
            path: 'enrollment-settings/:id_campus_year/lottery/:id_lottery/notice',
            element: guarded('enrollment_settings', <LotteryFreezeNoticePage />),
          },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          // admin console (system users only: the page refuses others); the spec's internal test pages are not copied
          { path: 'admin', element: guarded('audit_log', <AdminConsolePage />) },
          { path: 'admin/modulos', element: <Navigate to="/main/admin" replace /> },
          { path: 'admin/modulos/:id', element: <Navigate to="/main/admin" replace /> },
          { path: 'dashboard', element: guarded('dashboard', <DashboardPage />) },
          { path: 'schools', element: guarded('schools', <SchoolsPage />) },
          { path: 'schools/school', element: <Navigate to="/main/schools" replace /> },
          { path: 'schools/school/:id_school', element: guarded('school', schoolDetail) },
          { path: 'schools/school/:id_school/campus/:id_campus', element: guarded('school_campus', campusDetail) },
          { path: 'users', element: guarded('users', <UsersPage />) },
          { path: 'roles', element: guarded('roles', <RolesPage />) },
          { path: 'roles/role', element: guarded('roles', <RoleDetailPage />) },
          { path: 'roles/role/:id', element: guarded('roles', <RoleDetailPage />) },
          { path: 'priorities-configuration', element: guarded('priorities_configuration', <PrioritiesPage />) },
          { path: 'feedback', element: guarded('feedback', <FeedbackPage />) },
          { path: 'application-tags', element: guarded('tags_configuration', <TagsPage />) },
          ...adsTrackingScreens,
          { path: 'mail', element: guarded('captured_mail', <MailPage />) },
          {
            path: 'failed-messages',
            element: (
              <RequirePermission subject="application" action="resend_email">
                <FailedMessagesPage />
              </RequirePermission>
            ),
          },
          { path: '*', element: <NotFound backTo="/main" /> },
        ],
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
]);
