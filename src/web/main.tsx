import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import './styles.css';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { onClientClock } from './lib/ssr-state.ts';
import { DEFERRED_STYLE_ATTRIBUTE, SSR_STATE_ELEMENT_ID } from '@domain/constants.ts';

// A server-rendered page paints with its critical CSS inlined; the whole stylesheet, loaded meanwhile
// without blocking (as `media="print"`), applies from here on (src/server/critical-css.ts).
for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLE_ATTRIBUTE}]`))
  link.media = 'all';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  // A server-rendered page carries the query cache it was rendered with (a JSON data block: no inline
  // script, so the Content Security Policy stays strict).
  const state = document.getElementById(SSR_STATE_ELEMENT_ID);
  const hydrating = state !== null && container.hasChildNodes();
  if (state?.textContent)
    hydrate(queryClient, onClientClock(JSON.parse(state.textContent) as DehydratedState));
  const router = await createAppRouter({ hydrating });
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // Hydration as a transition: React works through the page in slices of a few milliseconds and lets the
  // browser answer taps in between, instead of one long task that blocks the main thread for the whole page
  // on a slow phone (decision 0061). A tap on a part not hydrated yet makes React hydrate that part first.
  if (hydrating) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
