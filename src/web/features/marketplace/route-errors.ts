/**
 * A value the router's error boundary recognises as a 404 response (isRouteErrorResponse), so that throwing
 * it while rendering shows the not-found page, exactly as for an unknown path.
 */
export function notFoundRouteError() {
  return { status: 404, statusText: 'Not Found', internal: false, data: null };
}
