// Site content admin screens (issue 12): the CMS and social links.
import type { RouteObject } from 'react-router';
import { page, titled } from '../route-helpers.tsx';

export const contentAdminRoutes: RouteObject[] = [
  {
    path: 'admin/cms',
    handle: titled('Content Management'),
    lazy: page(() => import('../../pages/admin/ContentManagement.tsx')),
  },
  {
    path: 'admin/social-links',
    handle: titled('Social Links'),
    lazy: page(() => import('../../pages/admin/SocialLinks.tsx')),
  },
];
