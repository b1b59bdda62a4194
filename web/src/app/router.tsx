import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration } from 'react-router';
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

/** Operator screens (/admin/*) will be added here as their own lazily loaded routes. */
export const routes = [
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
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
