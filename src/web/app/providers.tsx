import type { CSSProperties, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { queryClient } from '../lib/query-client.ts';

/**
 * Sonner's rich-colour texts (e.g. red 45 % lightness on its pale red) fall short of 4.5:1; darker shades
 * of the same hues meet it. The toaster is always in its light theme.
 */
const TOAST_COLOURS = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 35%)',
} as CSSProperties;

/** The app's providers; server rendering passes its own per-request query client. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster richColors position="top-center" closeButton theme="light" style={TOAST_COLOURS} />
    </QueryClientProvider>
  );
}
