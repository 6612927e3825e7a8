// Helpers for the route tables in src/web/app/routes/: lazily loaded pages and the ComingSoon placeholder.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle.ts';

/** A lazily loaded page module whose default export is the page component. */
export function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

const comingSoon = page(() => import('../pages/ComingSoon.tsx'));

/** A route whose page is not built yet: the ComingSoon card, named after the route's title. */
export function placeholder(path: string, title: string): RouteObject {
  const handle: RouteHandle = { title };
  return { path, handle, lazy: comingSoon };
}

export function titled(title: string): RouteHandle {
  return { title };
}
