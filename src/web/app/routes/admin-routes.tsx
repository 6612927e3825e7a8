// Admin screens that run the marketplace (issue 11): moderation, users, packages, audit log.
import { Navigate, type RouteObject } from 'react-router';
import { page, titled } from '../route-helpers.tsx';

export const adminRoutes: RouteObject[] = [
  {
    path: 'admin/listings',
    handle: titled('Manage Listings'),
    lazy: page(() => import('../../pages/admin/AdminListings.tsx')),
  },
  { path: 'admin/packages', element: <Navigate to="/admin/package-settings" replace /> },
  {
    path: 'admin/package-settings',
    handle: titled('Manage Packages'),
    lazy: page(() => import('../../pages/admin/AdminPackageSettings.tsx')),
  },
  {
    path: 'admin/users',
    handle: titled('Manage Users'),
    lazy: page(() => import('../../pages/admin/AdminUsers.tsx')),
  },
  {
    path: 'admin/audit',
    handle: titled('Audit Log'),
    lazy: page(() => import('../../pages/admin/AdminAudit.tsx')),
  },
];
