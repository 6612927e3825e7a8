/**
 * The web router's routes, made from the page table (src/domain/pages.ts) through `virtual:page-routes`
 * (vite-page-routes.ts): each page's path, lazily loaded module (one chunk per page), layout and title.
 * Adding a page needs no change here.
 */
import { Navigate, type RouteObject } from 'react-router';
import { DASHBOARD, NONE, PUBLIC, type PageRoute } from 'virtual:page-routes';
import { PageSpinner } from '../components/ui/spinner.tsx';
import NotFound from '../pages/NotFound.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { RootLayout } from './RootLayout.tsx';
import type { RouteHandle } from './route-handle.ts';
import { RouteError } from './RouteError.tsx';

function routeOf({ title, redirect, load, ...at }: PageRoute): RouteObject {
  if (!load) return { ...at, element: <Navigate to={redirect!} replace /> };
  const handle: RouteHandle | undefined = title ? { title } : undefined;
  return { ...at, handle, lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner className="min-h-screen" />,
    children: [
      { element: <PublicLayout />, children: PUBLIC.map(routeOf) },
      ...NONE.map(routeOf),
      {
        lazy: async () => ({ Component: (await import('./layouts/DashboardLayout.tsx')).DashboardLayout }),
        children: DASHBOARD.map(routeOf),
      },
      { path: '*', handle: { title: 'Page not found' } satisfies RouteHandle, element: <NotFound /> },
    ],
  },
];
