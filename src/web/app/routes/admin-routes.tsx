// Admin screens that run the marketplace (issue 11): moderation, users, packages, audit log.
import { Navigate, type RouteObject } from 'react-router';
import { placeholder } from '../route-helpers.tsx';

export const adminRoutes: RouteObject[] = [
  placeholder('admin/listings', 'Manage Listings'),
  { path: 'admin/packages', element: <Navigate to="/admin/package-settings" replace /> },
  placeholder('admin/package-settings', 'Manage Packages'),
  placeholder('admin/users', 'Manage Users'),
  placeholder('admin/audit', 'Audit Log'),
];
