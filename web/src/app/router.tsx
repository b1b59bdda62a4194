import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { Spinner } from '@/components/ui/spinner';

const page = (load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> =>
  lazy(load);

const LandingRoute = page(() => import('./routes/landing'));
const ScanRoute = page(() => import('./routes/scan'));
const ReportRoute = page(() => import('./routes/report'));
const PrivacyPolicyRoute = page(() => import('./routes/privacy-policy'));
const TermsConditionsRoute = page(() => import('./routes/terms-conditions'));
const RefundPolicyRoute = page(() => import('./routes/refund-policy'));
const ShippingDeliveryRoute = page(() => import('./routes/shipping-delivery'));
const ContactRoute = page(() => import('./routes/contact'));
const NotFoundRoute = page(() => import('./routes/not-found'));
// Operator screens: their own chunks, never part of the visitor's landing bundle.
const AdminAuthRoute = page(() => import('./routes/admin/admin-auth'));
const AdminLayoutRoute = page(() => import('./routes/admin/admin-layout'));
const AdminDashboardRoute = page(() => import('./routes/admin/admin-dashboard'));
const AdminPromptsRoute = page(() => import('./routes/admin/admin-prompts'));
const AdminFlowsRoute = page(() => import('./routes/admin/admin-flows'));
const AdminFlowDetailRoute = page(() => import('./routes/admin/admin-flow-detail'));

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<Spinner label="Loading..." />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** The app's routes, for the browser's router (main.tsx) and the build's prerender (prerender.server.tsx). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingRoute /> },
      { path: '/scan', element: <ScanRoute /> },
      { path: '/report/:id', element: <ReportRoute /> },
      { path: '/privacy-policy', element: <PrivacyPolicyRoute /> },
      { path: '/terms-conditions', element: <TermsConditionsRoute /> },
      { path: '/refund-policy', element: <RefundPolicyRoute /> },
      { path: '/shipping-delivery', element: <ShippingDeliveryRoute /> },
      { path: '/contact', element: <ContactRoute /> },
      { path: '/admin/auth', element: <AdminAuthRoute /> },
      {
        path: '/admin',
        element: <AdminLayoutRoute />,
        children: [
          { index: true, element: <AdminDashboardRoute /> },
          { path: 'prompts', element: <AdminPromptsRoute /> },
          { path: 'flows', element: <AdminFlowsRoute /> },
          { path: 'flows/:id', element: <AdminFlowDetailRoute /> },
          { path: 'flows/:id/edit', element: <AdminFlowDetailRoute /> },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
