import { Box, CircularProgress, CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch, useLocation } from 'wouter';
import { districtOf, readBaseDomain } from '../lib/host';
import { chromeOf } from '../routes';
import { useToasts } from '../app/AppContext';
import { DistrictHostProvider } from './district/DistrictHost';
import { ErrorBoundary } from './layout/ErrorBoundary';
import { Footer } from './layout/Footer';
import { DistrictHeader, MainHeader } from './layout/Headers';
import { lazyPage } from './lazyPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { theme } from './theme';

// The toasts' code loads with the first toast.
const Toasts = lazy(() => import('./kit/Toasts').then((m) => ({ default: m.Toasts })));

// Pages load on first visit, a few related pages per chunk.
const marketing = () => import('./pages/marketing');
const HomePage = lazyPage(() => marketing().then((m) => m.HomePage));
const PricingPage = lazyPage(() => marketing().then((m) => m.PricingPage));
const SolutionPage = lazyPage(() => marketing().then((m) => m.SolutionPage));
const MigrationPage = lazyPage(() => marketing().then((m) => m.MigrationPage));
const ComingSoonPage = lazyPage(() => marketing().then((m) => m.ComingSoonPage));
const ContactPage = lazyPage(() => marketing().then((m) => m.ContactPage));
const SpaceAccessDeniedPage = lazyPage(() => marketing().then((m) => m.SpaceAccessDeniedPage));
const LegalPage = lazyPage(() => import('./pages/legal').then((m) => m.LegalPage));
const account = () => import('./pages/account');
const LoginPage = lazyPage(() => account().then((m) => m.LoginPage));
const WalletPage = lazyPage(() => account().then((m) => m.WalletPage));
const SettingsPage = lazyPage(() => account().then((m) => m.SettingsPage));
const UserPage = lazyPage(() => account().then((m) => m.UserPage));
const AuthCallbackPage = lazyPage(() => account().then((m) => m.AuthCallbackPage));
const ResourcesPage = lazyPage(() => import('./pages/resources').then((m) => m.ResourcesPage));
const OperatorPage = lazyPage(() => import('./pages/operator').then((m) => m.OperatorPage));
const ExplorePage = lazyPage(() => import('./pages/explore').then((m) => m.ExplorePage));
const EditorPage = lazyPage(() => import('./pages/editor').then((m) => m.EditorPage));
const ViewerPage = lazyPage(() => import('./pages/viewer').then((m) => m.ViewerPage));
// Development pages (SPACES_DEV_PAGES=true at build time): left out of ordinary builds entirely.
const EngineDevPage = process.env.SPACES_DEV_PAGES
  ? lazyPage(() =>
      import(/* webpackChunkName: "dev-engine" */ './pages/dev/EngineDevPage').then((m) => m.EngineDevPage),
    )
  : null;
const district = () => import('./pages/district');
const DistrictHomePage = lazyPage(() => district().then((m) => m.DistrictHomePage));
const DistrictAreaPage = lazyPage(() => district().then((m) => m.DistrictAreaPage));

/** The route map of platform.md §2.1 (src/routes.ts lists the same paths for tests and links). */
function AppRoutes({ district }: { district: string | null }) {
  return (
    <Switch>
      <Route path="/">{district ? <DistrictHomePage district={district} /> : <HomePage />}</Route>
      <Route path="/login" component={LoginPage} />
      <Route path="/authentication/callback" component={AuthCallbackPage} />
      <Route path="/contact-us" component={ContactPage} />
      <Route path="/artsteps-migration" component={MigrationPage} />
      <Route path="/coming-soon" component={ComingSoonPage} />
      <Route path="/explore" component={ExplorePage} />
      <Route path="/wallet" component={WalletPage} />
      <Route path="/settings" component={SettingsPage} />
      <Route path="/admin" component={OperatorPage} />
      <Route path="/terms-of-service">
        <LegalPage id="terms" />
      </Route>
      <Route path="/terms-of-service/professional-services-addendum">
        <LegalPage id="termsProfessional" />
      </Route>
      <Route path="/terms-of-service/data-processing-addendum">
        <LegalPage id="termsDataProcessing" />
      </Route>
      <Route path="/privacy-notice">
        <LegalPage id="privacy" />
      </Route>
      <Route path="/refund-policy">
        <LegalPage id="refund" />
      </Route>
      <Route path="/space-access-denied" component={SpaceAccessDeniedPage} />
      {/* One route for both, so the first save of a new space keeps the editor open. */}
      <Route path="/curate/:sceneId?">{(p) => <EditorPage sceneId={p.sceneId} />}</Route>
      <Route path="/viewer/embed/:sceneId">{(p) => <ViewerPage sceneId={p.sceneId} embed />}</Route>
      <Route path="/viewer/:sceneId">{(p) => <ViewerPage sceneId={p.sceneId} embed={false} />}</Route>
      {EngineDevPage && <Route path="/dev/engine" component={EngineDevPage} />}
      <Route path="/user">
        <UserPage />
      </Route>
      <Route path="/user/:userId">{(p) => <UserPage userId={p.userId} />}</Route>
      <Route path="/user/:userId/:category">
        {(p) => <UserPage userId={p.userId} category={p.category} />}
      </Route>
      <Route path="/user/:userId/:category/:subcategory">
        {(p) => <UserPage userId={p.userId} category={p.category} subcategory={p.subcategory} />}
      </Route>
      <Route path="/pricing" component={PricingPage} />
      <Route path="/solutions/:slug">{(p) => <SolutionPage slug={p.slug} />}</Route>
      <Route path="/resources/faqs">
        <ResourcesPage id="faqs" />
      </Route>
      <Route path="/resources/guides">
        <ResourcesPage id="guides" />
      </Route>
      <Route path="/resources/guides/:resourceId">
        {(p) => <ResourcesPage id="guide" slug={p.resourceId} />}
      </Route>
      <Route path="/resources/blog">
        <ResourcesPage id="blog" />
      </Route>
      <Route path="/resources/blog/:resourceId">
        {(p) => <ResourcesPage id="blogPost" slug={p.resourceId} />}
      </Route>
      <Route path="/resources/glossary">
        <ResourcesPage id="glossary" />
      </Route>
      {district && <Route path="/:category">{(p) => <DistrictAreaPage category={p.category} />}</Route>}
      {district && (
        <Route path="/:category/:subcategory">
          {(p) => <DistrictAreaPage category={p.category} subcategory={p.subcategory} />}
        </Route>
      )}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label={t('shell.loading')} />
    </Box>
  );
}

/** On a district host: the district's flow and theme around the whole page. */
function OnDistrictHost({ district, children }: { district: string | null; children: ReactNode }) {
  if (!district) return children;
  return (
    <DistrictHostProvider subdomain={district} base={theme}>
      {children}
    </DistrictHostProvider>
  );
}

export function App() {
  const district = useMemo(() => districtOf(window.location.hostname, readBaseDomain()), []);
  const [pathname] = useLocation();
  const bare = chromeOf(pathname) === 'bare';
  const toasts = useToasts();
  const anyToast = useSelector(toasts, (s) => s.context.toasts.length > 0);
  const [toastsMounted, setToastsMounted] = useState(false);
  if (anyToast && !toastsMounted) setToastsMounted(true);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <OnDistrictHost district={district}>
        <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
          {!bare && (district ? <DistrictHeader district={district} /> : <MainHeader />)}
          <Box component="main" sx={{ flexGrow: 1 }}>
            <ErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageLoading />}>
                <AppRoutes district={district} />
              </Suspense>
            </ErrorBoundary>
          </Box>
          {!bare && <Footer district={district} />}
        </Box>
      </OnDistrictHost>
      {toastsMounted && (
        <Suspense fallback={null}>
          <Toasts toastsRef={toasts} />
        </Suspense>
      )}
    </ThemeProvider>
  );
}
