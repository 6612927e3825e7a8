import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { APP_READY_ATTRIBUTE } from '@domain/constants.ts';
import { Providers } from './providers.tsx';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }) {
  // Marks the page interactive once React has hydrated (or rendered) it: until then a server-rendered
  // page's buttons do nothing. The end-to-end specs wait for it after every navigation.
  useEffect(() => {
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
  }, []);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
