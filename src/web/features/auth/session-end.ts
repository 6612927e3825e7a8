import type { QueryClient } from '@tanstack/react-query';
import { clearLocalSession } from './api.ts';

/**
 * Clearing the session must wait until the app has left the signed-in screen: the router commits
 * navigations as React transitions, so clearing at once would let the dashboard guard see "signed out"
 * first and bounce to /auth. The sign-out flow schedules the clear; RootLayout flushes it after the
 * next location has been committed. A timer is the safety net if no navigation commits.
 */
let pending: QueryClient | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

export function scheduleSessionClear(queryClient: QueryClient, fallbackMs = 3000): void {
  pending = queryClient;
  clearTimeout(timer);
  timer = setTimeout(flushSessionClear, fallbackMs);
}

export function flushSessionClear(): void {
  clearTimeout(timer);
  if (!pending) return;
  const queryClient = pending;
  pending = null;
  clearLocalSession(queryClient);
}
