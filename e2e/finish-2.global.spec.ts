/**
 * Issue 28, item 20 (decision 0047): in demo mode My Listings' limit card says what demo mode simulates (an
 * unlimited Premium package), not '1 listings (unlimited) · Basic package'. Switches demo mode on for the
 * whole site, so it runs with the site-wide specs, and switches it off again.
 */
import { seriousViolations, WIDTHS } from './axe.ts';
import { DEMO, expect, SHOTS_DIR, signIn, test } from './support.ts';

test.describe.configure({ mode: 'serial' });

test('in demo mode the limit card shows the simulated Premium package and no limit', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await admin.post('/api/auth/sign-in', { data: DEMO.admin })).ok()).toBe(true);
  const demo = (on: boolean) => admin.put('/api/admin/settings/demo-mode', { data: { demoMode: on } });
  try {
    expect((await demo(true)).ok()).toBe(true);
    await signIn(page, DEMO.basicProvider);
    await page.goto('/dashboard/listings');
    const plan = page.locator('[data-package="premium"]').first();
    await expect(plan).toHaveText('Demo Mode: simulated Premium package');
    const count = page.getByText(/^\d+ listings? · no limit$/);
    await expect(count).toBeVisible();
    // One listing reads '1 listing', never '1 listings'.
    expect(await count.textContent()).not.toMatch(/^1 listings/);
    await expect(page.getByText('Basic package')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveCount(0);
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      expect(await seriousViolations(page), `${viewport.width} px`).toEqual([]);
      await page.screenshot({ path: `${SHOTS_DIR}/w3-minor-demo-limit-${viewport.width}.png` });
    }
  } finally {
    expect((await demo(false)).ok()).toBe(true);
    await admin.dispose();
  }
});
