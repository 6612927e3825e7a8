import { createBrowserRouter, matchRoutes } from 'react-router';
import { routes } from './routes.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router. When the page arrived server-rendered, the lazily loaded modules of the matched
 * routes are loaded first, so that the first render (hydration) produces the server's markup instead of
 * the loading fallback.
 */
export async function createAppRouter({ hydrating }: { hydrating: boolean }): Promise<AppRouter> {
  if (hydrating) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes);
}
