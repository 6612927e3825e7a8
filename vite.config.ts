import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@domain': fileURLToPath(new URL('./src/domain', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  build: isSsrBuild
    ? {
        // The server-rendering bundle (src/web/entry-server.tsx), imported by src/server/ssr.ts.
        outDir: fileURLToPath(new URL('./dist/server', import.meta.url)),
        emptyOutDir: true,
        sourcemap: true,
      }
    : {
        outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
        emptyOutDir: true,
        sourcemap: true,
        // Read by the server (src/server/web-shell.ts) to preload the current route's chunks.
        manifest: true,
      },
  ssr: {
    // Bundled into the server build (CSS-importing or ESM-only packages), the rest stays in node_modules.
    noExternal: ['sonner'],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
    },
  },
}));
