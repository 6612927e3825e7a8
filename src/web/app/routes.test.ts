/** The web router and the page table (src/domain/pages.ts) name exactly the same paths. */
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { APP_ROUTES, matchPage } from '@domain/pages.ts';
import { routes } from './routes.tsx';

function paths(list: RouteObject[], prefix = ''): string[] {
  const out: string[] = [];
  for (const route of list) {
    const here = route.index
      ? prefix || '/'
      : route.path === undefined
        ? null
        : route.path.startsWith('/')
          ? route.path
          : `${prefix.replace(/\/$/, '')}/${route.path}`;
    if (here !== null && here !== '/*' && !here.endsWith('*') && (route.index || route.path !== undefined))
      out.push(here);
    if (route.children) out.push(...paths(route.children, here ?? prefix));
  }
  return out;
}

/** The route pattern a pathname belongs to, or null for an unknown path. */
const matchAppRoute = (pathname: string) => matchPage(pathname)?.page.path ?? null;

describe('route table', () => {
  it('matches the web router exactly', () => {
    const web = [...new Set(paths(routes))].sort();
    expect(web).toEqual([...APP_ROUTES].sort());
  });

  it('matches paths to patterns and rejects unknown ones', () => {
    expect(matchAppRoute('/')).toBe('/');
    expect(matchAppRoute('/listing/abc')).toBe('/listing/:id');
    expect(matchAppRoute('/dashboard/listings/42/edit')).toBe('/dashboard/listings/:id/edit');
    expect(matchAppRoute('/dashboard/listings/new')).toBe('/dashboard/listings/new');
    expect(matchAppRoute('/browse/')).toBe('/browse');
    expect(matchAppRoute('/nope')).toBeNull();
    expect(matchAppRoute('/listing')).toBeNull();
    expect(matchAppRoute('/listing/a/b')).toBeNull();
  });
});
