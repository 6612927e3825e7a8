import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { flushSessionClear } from '../features/auth/session-end.ts';
import { documentTitle, useRouteTitle } from './route-handle.ts';

/** A thin bar at the top while a lazy page or its data is loading. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-primary/15"
    >
      <div className="h-full w-2/5 animate-progress bg-gradient-to-r from-primary via-gold to-primary" />
    </div>
  );
}

function DocumentTitle() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return null;
}

/** Runs a sign-out's pending session clear once the next location is committed (see session-end.ts). */
function SessionEndOnNavigation() {
  const { key } = useLocation();
  useEffect(() => {
    flushSessionClear();
  }, [key]);
  return null;
}

/** The root of every route: scroll handling (top on navigation, #hash targets, back/forward), title, progress. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <DocumentTitle />
      <SessionEndOnNavigation />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
