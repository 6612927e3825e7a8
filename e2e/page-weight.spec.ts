/**
 * What public pages load before anything else stays small (decision 0023): pages without a form never load
 * the validation library. Twice a shared module in src/domain that public pages read for one small helper
 * also held zod schemas, and every page that imported the helper grew by zod's 24 KB gzip (the provider
 * profile through the contact card's helpers, /packages through the package colours). The web build names
 * zod's chunk `zod-<hash>.js`; a visitor signed out, who fills in no form, must never ask for it.
 */
import { seededIds, type SeededIds } from './app-routes.ts';
import { expect, test } from './support.ts';

const PAGES: ((ids: SeededIds) => string)[] = [
  () => '/',
  () => '/browse',
  (ids) => `/provider/${ids.providerId}`,
  () => '/packages',
  () => '/faq',
  () => '/about',
  () => '/how-it-works',
  (ids) => `/services/${ids.category}`,
];

let ids: SeededIds;
test.beforeAll(async ({ request }) => {
  ids = await seededIds(request);
});

test('public pages without a form do not load the validation library', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const path of PAGES) {
    scripts.length = 0;
    await page.goto(path(ids));
    await page.waitForLoadState('networkidle');
    expect(scripts.length, `${path(ids)} loads its scripts`).toBeGreaterThan(0);
    expect(
      scripts.filter((s) => /\/zod-[\w-]+\.js$/.test(s)),
      `${path(ids)} loads zod`,
    ).toEqual([]);
  }
});
