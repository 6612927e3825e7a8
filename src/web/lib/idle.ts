/**
 * Runs `task` once the page has loaded and the browser is idle: for code that no first paint needs (the
 * toaster, the carousel's swiping), so that it does not compete with the page's own scripts and images.
 * Returns a function that cancels it.
 */
export function whenIdleAfterLoad(task: () => void, timeoutMs = 2_000): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timer: number | undefined;
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    } else {
      timer = window.setTimeout(task, 200);
    }
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
