/**
 * Every path the web app answers, as React Router patterns. The server answers these with the web app
 * and 200; any other path with the web app's not-found page and 404 (src/server/app.ts). The web router
 * (src/web/app/routes.tsx) must route exactly these: src/web/app/routes.test.ts checks it.
 */
export const APP_ROUTES = [
  '/',
  '/auth',
  '/packages',
  '/checkout',
  '/browse',
  '/listing/:id',
  '/provider/:id',
  '/about',
  '/contact',
  '/faq',
  '/how-it-works',
  '/services/:category',
  '/services/:category/:province',
  '/matric-access',
  '/matric-guide',
  '/matric-guide/:slug',
  '/become-provider',
  '/dashboard',
  '/dashboard/my-listings',
  '/dashboard/listings',
  '/dashboard/listings/new',
  '/dashboard/listings/:id/edit',
  '/dashboard/favorites',
  '/dashboard/enquiries',
  '/dashboard/become-provider',
  '/dashboard/settings',
  '/dashboard/analytics',
  '/admin/listings',
  '/admin/packages',
  '/admin/package-settings',
  '/admin/users',
  '/admin/cms',
  '/admin/premium-content',
  '/admin/matric-users',
  '/admin/premium-access',
  '/admin/social-links',
  '/admin/audit',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

const compiled = APP_ROUTES.map((pattern) => ({
  pattern,
  regex: new RegExp(
    `^${pattern
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  ),
}));

/** The route pattern a pathname (no query string) belongs to, or null for an unknown path. */
export function matchAppRoute(pathname: string): AppRoute | null {
  const path = pathname === '' ? '/' : pathname;
  if (path === '/') return '/';
  for (const { pattern, regex } of compiled) if (pattern !== '/' && regex.test(path)) return pattern;
  return null;
}
