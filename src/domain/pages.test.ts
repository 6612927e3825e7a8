/** The page table and what is derived from it. */
import { describe, expect, it } from 'vitest';
import { ROBOTS_DISALLOW } from '../server/features/seo/sitemap.ts';
import {
  APP_ROUTES,
  isPrivatePath,
  matchPage,
  pageModules,
  PAGES,
  STATIC_SITEMAP_PATHS,
  type AppRoute,
} from './pages.ts';

describe('the page table', () => {
  it('names each path once, and every redirect sends the browser to a page of its own', () => {
    expect(new Set(APP_ROUTES).size).toBe(APP_ROUTES.length);
    for (const page of PAGES) {
      if (page.redirect === undefined) {
        expect(page.module, page.path).toMatch(/^pages\/.+\.tsx$/);
        continue;
      }
      const target = PAGES.find((p) => p.path === page.redirect);
      expect(target?.redirect, page.path).toBeUndefined();
      expect(target?.access, page.path).toBe(page.access);
    }
  });

  it('renders on the server and indexes only public pages; the sitemap lists indexed pages only', () => {
    for (const page of PAGES) {
      if (page.ssr) expect([page.path, page.access, page.layout]).toEqual([page.path, 'public', 'public']);
      if (page.sitemap) expect(page.index, page.path).toBe(true);
      if (page.index) expect(page.redirect, page.path).toBeUndefined();
    }
    expect(STATIC_SITEMAP_PATHS).toEqual([
      '/',
      '/browse',
      '/packages',
      '/about',
      '/contact',
      '/faq',
      '/how-it-works',
      '/privacy',
      '/terms',
      '/matric-guide',
    ]);
  });

  it('keeps signed-in, admin, sign-in and checkout screens out of the index', () => {
    const indexed = APP_ROUTES.filter((route) => !isPrivatePath(route));
    expect(indexed).toEqual([
      '/',
      '/browse',
      '/packages',
      '/about',
      '/contact',
      '/faq',
      '/how-it-works',
      '/privacy',
      '/terms',
      '/matric-guide',
      '/listing/:id',
      '/provider/:id',
      '/services/:category',
      '/services/:category/:province',
    ]);
    for (const route of APP_ROUTES) {
      if (route.startsWith('/dashboard') || route.startsWith('/admin'))
        expect(isPrivatePath(route)).toBe(true);
    }
  });

  it('robots.txt shuts out no page that may be indexed, and every page under its prefixes is not indexed', () => {
    const under = (route: AppRoute, prefix: string) => route === prefix || route.startsWith(`${prefix}/`);
    for (const prefix of ROBOTS_DISALLOW) {
      for (const route of APP_ROUTES.filter((r) => under(r, prefix))) {
        expect(isPrivatePath(route), `${route} under Disallow: ${prefix}`).toBe(true);
      }
    }
  });

  it('preloads a page’s module, the dashboard layout’s for signed-in screens, and a redirect’s target', () => {
    expect(pageModules('/')).toEqual(['pages/Home.tsx']);
    expect(pageModules('/auth')).toEqual(['pages/Auth.tsx']);
    expect(pageModules('/admin/users')).toEqual([
      'app/layouts/DashboardLayout.tsx',
      'pages/admin/AdminUsers.tsx',
    ]);
    // Old addresses: the browser goes on to the page, so that page's code is what it needs.
    expect(pageModules('/become-provider')).toEqual([
      'app/layouts/DashboardLayout.tsx',
      'pages/dashboard/BecomeProvider.tsx',
    ]);
    expect(pageModules('/dashboard/my-listings')).toEqual(pageModules('/dashboard/listings'));
    expect(pageModules('/admin/packages')).toEqual(pageModules('/admin/package-settings'));
  });
});

describe('matchPage', () => {
  it('gives the page and its decoded parameters', () => {
    expect(matchPage('/listing/abc')?.params).toEqual({ id: 'abc' });
    expect(matchPage('/services/photography/western-cape')).toMatchObject({
      page: { path: '/services/:category/:province' },
      params: { category: 'photography', province: 'western-cape' },
    });
    expect(matchPage('/provider/a%20b')?.params).toEqual({ id: 'a b' });
    // A malformed escape is kept as it is (the page then answers 404 for an unknown record).
    expect(matchPage('/listing/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
    expect(matchPage('')?.page.path).toBe('/');
    expect(matchPage('/browse/')?.page.path).toBe('/browse');
  });

  it('knows no other path', () => {
    for (const path of ['/nope', '/listing', '/listing/a/b', '/Browse', '/services/a/b/c', '/api/listings'])
      expect(matchPage(path), path).toBeNull();
  });
});
