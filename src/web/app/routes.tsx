import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import NotFound from '../pages/NotFound.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import type { RouteHandle } from './route-handle.ts';

/** A lazily loaded page module whose default export is the page component. */
function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

const comingSoon = page(() => import('../pages/ComingSoon.tsx'));

/** A route whose page is not built yet: the ComingSoon card, named after the route's title. */
function placeholder(path: string, title: string): RouteObject {
  const handle: RouteHandle = { title };
  return { path, handle, lazy: comingSoon };
}

function titled(title: string): RouteHandle {
  return { title };
}

const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../pages/Home.tsx')) },
  { path: 'packages', handle: titled('Packages'), lazy: page(() => import('../pages/Packages.tsx')) },
  placeholder('checkout', 'Checkout'),
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
  placeholder('matric-access', 'Matric Access'),
  placeholder('matric-guide', 'Matric Guide'),
  placeholder('matric-guide/:slug', 'Matric Guide Article'),
];

const dashboardRoutes: RouteObject[] = [
  { path: 'dashboard', handle: titled('Dashboard'), lazy: page(() => import('../pages/Dashboard.tsx')) },
  placeholder('dashboard/listings', 'My Listings'),
  placeholder('dashboard/listings/new', 'Add Listing'),
  placeholder('dashboard/listings/:id/edit', 'Edit Listing'),
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
  placeholder('dashboard/become-provider', 'Become a Service Provider'),
  placeholder('dashboard/settings', 'Settings'),
  placeholder('admin/listings', 'Manage Listings'),
  { path: 'admin/packages', element: <Navigate to="/admin/package-settings" replace /> },
  placeholder('admin/package-settings', 'Manage Packages'),
  placeholder('admin/users', 'Manage Users'),
  placeholder('admin/cms', 'Content Management'),
  placeholder('admin/premium-content', 'Content Editor'),
  placeholder('admin/matric-users', 'Matric Users'),
  placeholder('admin/premium-access', 'Premium Access'),
  placeholder('admin/social-links', 'Social Links'),
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
