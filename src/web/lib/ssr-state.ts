import type { DehydratedState } from '@tanstack/react-query';

/**
 * The query cache a server-rendered page carries, dated by this device's clock. The server dates its data
 * by its own clock, and staleness is judged on the device's: a phone whose clock runs ahead would fetch the
 * short-lived queries (site content, banners: 5 s) again right after hydration. The data was read after
 * this navigation began (`timeOrigin`), so it is dated then: never fresher than it is.
 */
export function onClientClock(
  state: DehydratedState,
  navigationStart = performance.timeOrigin,
): DehydratedState {
  const fetchedAt = Math.round(navigationStart);
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.dataUpdatedAt > 0
        ? { ...query, state: { ...query.state, dataUpdatedAt: fetchedAt } }
        : query,
    ),
  };
}
