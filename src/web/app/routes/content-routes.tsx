// Site content admin screens (issue 12): the CMS and social links.
import type { RouteObject } from 'react-router';
import { placeholder } from '../route-helpers.tsx';

export const contentAdminRoutes: RouteObject[] = [
  placeholder('admin/cms', 'Content Management'),
  placeholder('admin/social-links', 'Social Links'),
];
