/**
 * The page table's routes for the browser, made at build time: `virtual:page-routes` exports the pages of
 * src/domain/pages.ts by layout (PUBLIC, DASHBOARD, NONE), each with what the router needs (path, title,
 * redirect) and a lazy import of its module, so each page stays a chunk of its own and the browser does not carry the rest of the table
 * (which pages are rendered on the server, indexed, in the sitemap, who may see them). src/web/app/routes.tsx
 * makes the route objects from it. Vite restarts the dev server when the table changes (it is a dependency
 * of the config).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { PAGES, type PageLayout } from './src/domain/pages.ts';

const ID = 'virtual:page-routes';
const LAYOUTS: readonly PageLayout[] = ['dashboard', 'none', 'public'];

export function pageRoutes(): Plugin {
  return {
    name: 'mm-page-routes',
    resolveId: (source) => (source === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      // One array per layout; a row names only what it has (the output is part of every page's first script).
      const row = (page: (typeof PAGES)[number]) => {
        // React Router's child paths are relative; the home page is the index route.
        const fields = [page.path === '/' ? 'index: true' : `path: ${JSON.stringify(page.path.slice(1))}`];
        if (page.title !== undefined) fields.push(`title: ${JSON.stringify(page.title)}`);
        if (page.redirect !== undefined) fields.push(`redirect: ${JSON.stringify(page.redirect)}`);
        else {
          const file = fileURLToPath(new URL(`./src/web/${page.module}`, import.meta.url));
          fields.push(`load: () => import(${JSON.stringify(file)})`);
        }
        return `  { ${fields.join(', ')} },`;
      };
      return LAYOUTS.map(
        (layout) =>
          `export const ${layout.toUpperCase()} = [\n${PAGES.filter((page) => page.layout === layout)
            .map(row)
            .join('\n')}\n];\n`,
      ).join('');
    },
  };
}
