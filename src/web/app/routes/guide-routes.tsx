// The Matric Guide (issue 13): paid access and articles for readers, and its admin screens.
import type { RouteObject } from 'react-router';
import { placeholder } from '../route-helpers.tsx';

/** Reader routes (rendered inside the public layout). */
export const guidePublicRoutes: RouteObject[] = [
  placeholder('matric-access', 'Matric Access'),
  placeholder('matric-guide', 'Matric Guide'),
  placeholder('matric-guide/:slug', 'Matric Guide Article'),
];

/** Admin routes (rendered inside the dashboard layout). */
export const guideAdminRoutes: RouteObject[] = [
  placeholder('admin/premium-content', 'Content Editor'),
  placeholder('admin/matric-users', 'Matric Users'),
  placeholder('admin/premium-access', 'Premium Access'),
];
