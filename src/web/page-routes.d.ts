/** The page table's routes for the browser, by layout, made at build time by vite-page-routes.ts. */
declare module 'virtual:page-routes' {
  import type { ComponentType } from 'react';

  export interface PageRoute {
    /** React Router pattern, relative to the root ('listing/:id'); none for the home page. */
    path?: string;
    /** The home page. */
    index?: true;
    /** The document title. */
    title?: string;
    /** An old address: the router sends it on to this path. */
    redirect?: string;
    /** The page's module (none for a redirect). */
    load?: () => Promise<{ default: ComponentType }>;
  }

  /** Pages in the public layout (header and footer). */
  export const PUBLIC: readonly PageRoute[];
  /** Pages in the signed-in dashboard layout. */
  export const DASHBOARD: readonly PageRoute[];
  /** Pages without a layout (the sign-in page, old addresses). */
  export const NONE: readonly PageRoute[];
}
