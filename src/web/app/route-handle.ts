import { useMatches } from 'react-router';
import { PRODUCT_NAME } from '@domain/constants.ts';

/** Static data attached to routes in router.tsx. */
export interface RouteHandle {
  /** Page name: used for the document title. */
  title?: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

/** The title of the deepest matched route that has one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle) && handle.title) return handle.title;
  }
  return undefined;
}

export function documentTitle(title: string | undefined): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}
