import type { DehydratedState } from '@tanstack/react-query';

/**
 * The query cache a server-rendered page carries, dated by this device's clock when the page hydrates. The
 * server dates its data by its own clock, and staleness is judged on the device's: a phone whose clock runs
 * ahead would fetch the short-lived queries (site content, banners: 5 s) again right after hydration. So
 * would a phone whose page took longer than their stale time to arrive over a slow network: the data is as
 * new as the page that shows it, so it is dated when that page starts its app (decision 0024).
 */
export function onClientClock(state: DehydratedState, receivedAt = Date.now()): DehydratedState {
  const fetchedAt = Math.round(receivedAt);
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.dataUpdatedAt > 0
        ? { ...query, state: { ...query.state, dataUpdatedAt: fetchedAt } }
        : query,
    ),
  };
}
