// Provider screens (issue 10): checkout, becoming a provider, listings, settings, analytics.
import type { RouteObject } from 'react-router';
import { placeholder } from '../route-helpers.tsx';

/** Public routes of the provider area (rendered inside the public layout). */
export const providerPublicRoutes: RouteObject[] = [placeholder('checkout', 'Checkout')];

/** Dashboard routes of the provider area (rendered inside the dashboard layout). */
export const providerDashboardRoutes: RouteObject[] = [
  placeholder('dashboard/listings', 'My Listings'),
  placeholder('dashboard/listings/new', 'Add Listing'),
  placeholder('dashboard/listings/:id/edit', 'Edit Listing'),
  placeholder('dashboard/become-provider', 'Become a Service Provider'),
  placeholder('dashboard/settings', 'Settings'),
  placeholder('dashboard/analytics', 'Analytics'),
];
