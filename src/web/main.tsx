import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import './styles.css';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { onClientClock } from './lib/ssr-state.ts';
import { SSR_STATE_ELEMENT_ID } from '@domain/constants.ts';

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
  if (hydrating) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
