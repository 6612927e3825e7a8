import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import NotFound from '../pages/NotFound.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import { page, titled } from './route-helpers.tsx';
import { adminRoutes } from './routes/admin-routes.tsx';
import { contentAdminRoutes } from './routes/content-routes.tsx';
import { guideAdminRoutes, guidePublicRoutes } from './routes/guide-routes.tsx';
import { providerDashboardRoutes, providerPublicRoutes } from './routes/provider-routes.tsx';

const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../pages/Home.tsx')) },
  { path: 'packages', handle: titled('Packages'), lazy: page(() => import('../pages/Packages.tsx')) },
  ...providerPublicRoutes,
  { path: 'browse', handle: titled('Browse'), lazy: page(() => import('../pages/Browse.tsx')) },
  { path: 'listing/:id', handle: titled('Listing'), lazy: page(() => import('../pages/ListingDetail.tsx')) },
  {
    path: 'provider/:id',
    handle: titled('Provider'),
    lazy: page(() => import('../pages/ProviderProfile.tsx')),
  },
  { path: 'about', handle: titled('About'), lazy: page(() => import('../pages/About.tsx')) },
  { path: 'contact', handle: titled('Contact'), lazy: page(() => import('../pages/Contact.tsx')) },
  { path: 'faq', handle: titled('FAQs'), lazy: page(() => import('../pages/Faq.tsx')) },
  {
    path: 'how-it-works',
    handle: titled('How It Works'),
    lazy: page(() => import('../pages/HowItWorks.tsx')),
  },
  {
    path: 'services/:category',
    handle: titled('Services'),
    lazy: page(() => import('../pages/Landing.tsx')),
  },
  {
    path: 'services/:category/:province',
    handle: titled('Services'),
    lazy: page(() => import('../pages/Landing.tsx')),
  },
  ...guidePublicRoutes,
];

const dashboardRoutes: RouteObject[] = [
  { path: 'dashboard', handle: titled('Dashboard'), lazy: page(() => import('../pages/Dashboard.tsx')) },
  ...providerDashboardRoutes,
  {
    path: 'dashboard/favorites',
    handle: titled('Favorites'),
    lazy: page(() => import('../pages/Favorites.tsx')),
  },
  {
    path: 'dashboard/enquiries',
    handle: titled('Enquiries'),
    lazy: page(() => import('../pages/Enquiries.tsx')),
  },
  ...adminRoutes,
  ...contentAdminRoutes,
  ...guideAdminRoutes,
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner className="min-h-screen" />,
    children: [
      { element: <PublicLayout />, children: publicRoutes },
      { path: 'auth', handle: titled('Sign In'), lazy: page(() => import('../pages/Auth.tsx')) },
      {
        lazy: async () => ({ Component: (await import('./layouts/DashboardLayout.tsx')).DashboardLayout }),
        children: dashboardRoutes,
      },
      { path: 'dashboard/my-listings', element: <Navigate to="/dashboard/listings" replace /> },
      { path: 'become-provider', element: <Navigate to="/dashboard/become-provider" replace /> },
      { path: '*', handle: titled('Page not found'), element: <NotFound /> },
    ],
  },
];
