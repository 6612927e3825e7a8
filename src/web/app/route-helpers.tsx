// Helpers for the route tables in src/web/app/routes/: lazily loaded pages and their titles.
import type { ComponentType } from 'react';
import type { RouteHandle } from './route-handle.ts';

/** A lazily loaded page module whose default export is the page component. */
export function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

export function titled(title: string): RouteHandle {
  return { title };
}
