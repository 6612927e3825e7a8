// Provider screens (issue 10): checkout, becoming a provider, listings, settings, analytics.
import type { RouteObject } from 'react-router';
import { page, titled } from '../route-helpers.tsx';

/** Public routes of the provider area (rendered inside the public layout). */
export const providerPublicRoutes: RouteObject[] = [
  { path: 'checkout', handle: titled('Checkout'), lazy: page(() => import('../../pages/Checkout.tsx')) },
];

/** Dashboard routes of the provider area (rendered inside the dashboard layout). */
export const providerDashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard/listings',
    handle: titled('My Listings'),
    lazy: page(() => import('../../pages/dashboard/MyListings.tsx')),
  },
  {
    path: 'dashboard/listings/new',
    handle: titled('Add Listing'),
    lazy: page(() => import('../../pages/dashboard/CreateListing.tsx')),
  },
  {
    path: 'dashboard/listings/:id/edit',
    handle: titled('Edit Listing'),
    lazy: page(() => import('../../pages/dashboard/EditListing.tsx')),
  },
  {
    path: 'dashboard/become-provider',
    handle: titled('Become a Service Provider'),
    lazy: page(() => import('../../pages/dashboard/BecomeProvider.tsx')),
  },
  {
    path: 'dashboard/settings',
    handle: titled('Settings'),
    lazy: page(() => import('../../pages/dashboard/Settings.tsx')),
  },
  {
    path: 'dashboard/analytics',
    handle: titled('Analytics'),
    lazy: page(() => import('../../pages/dashboard/Analytics.tsx')),
  },
];
