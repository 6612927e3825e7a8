// The Matric Guide (issue 13): paid access and articles for readers, and its admin screens.
import type { RouteObject } from 'react-router';
import { page, titled } from '../route-helpers.tsx';

/** Reader routes (rendered inside the public layout). */
export const guidePublicRoutes: RouteObject[] = [
  {
    path: 'matric-access',
    handle: titled('Matric Access'),
    lazy: page(() => import('../../pages/MatricAccess.tsx')),
  },
  {
    path: 'matric-guide',
    handle: titled('Matric Guide'),
    lazy: page(() => import('../../pages/MatricGuide.tsx')),
  },
  {
    path: 'matric-guide/:slug',
    handle: titled('Matric Guide Article'),
    lazy: page(() => import('../../pages/MatricArticle.tsx')),
  },
];

/** Admin routes (rendered inside the dashboard layout). */
export const guideAdminRoutes: RouteObject[] = [
  {
    path: 'admin/premium-content',
    handle: titled('Content Editor'),
    lazy: page(() => import('../../pages/admin/PremiumContent.tsx')),
  },
  {
    path: 'admin/matric-users',
    handle: titled('Matric Users'),
    lazy: page(() => import('../../pages/admin/MatricUsers.tsx')),
  },
  {
    path: 'admin/premium-access',
    handle: titled('Premium Access'),
    lazy: page(() => import('../../pages/admin/PremiumAccess.tsx')),
  },
];
