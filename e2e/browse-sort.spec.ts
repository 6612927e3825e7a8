/**
 * Issue 8, items 14 and 15: Browse's sort control and Rand price range live in the URL and are done by the
 * server; every price on screen uses South African grouping (R25 000), within each screen's rule.
 */
import type { Page } from '@playwright/test';
import { BROWSE_SORT_LABELS } from '../src/domain/listings.ts';
import { DEMO, expect, signIn, test, waitForAppOnNavigation } from './support.ts';

const results = (page: Page) => page.getByRole('region', { name: 'Results' });

/** The card prices in order: 'R2 500+' → 2500, 'Contact' → null. */
async function cardPrices(page: Page): Promise<(number | null)[]> {
  const texts = await results(page).getByTestId('card-price').allInnerTexts();
  return texts.map((t) => (t.trim() === 'Contact' ? null : Number(t.replace(/[^\d.]/g, ''))));
}

/** A price as the app writes it: R, digits in groups of three joined by a no-break space, cents if any. */
const RAND = /^R\d{1,3}(\u00a0\d{3})*(\.\d{2})?$/;

test('sorting by price, both ways, is kept in the URL and done by the server', async ({ page }) => {
  await page.goto('/browse');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveText(BROWSE_SORT_LABELS.recommended);
  await sort.click();
  await expect(page.getByRole('option')).toHaveText(
    ['recommended', 'newest', 'price_asc', 'price_desc', 'rating'].map(
      (s) => BROWSE_SORT_LABELS[s as keyof typeof BROWSE_SORT_LABELS],
    ),
  );
  await page.getByRole('option', { name: BROWSE_SORT_LABELS.price_asc }).click();
  await expect(page).toHaveURL(/[?&]sort=price_asc/);
  // The previous order stays on screen (busy) until the sorted page arrives.
  await expect(results(page).locator('article').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  let ascending: number[] = [];
  await expect
    .poll(async () => {
      ascending = (await cardPrices(page)).filter((p): p is number => p !== null);
      return ascending.length > 3 && ascending.every((p, i) => i === 0 || ascending[i - 1]! <= p);
    })
    .toBe(true);

  await sort.click();
  await page.getByRole('option', { name: BROWSE_SORT_LABELS.price_desc }).click();
  await expect(page).toHaveURL(/[?&]sort=price_desc/);
  // The first page of the cheapest listings never holds one dearer than the dearest overall.
  await expect.poll(async () => (await cardPrices(page))[0]).toBeGreaterThanOrEqual(Math.max(...ascending));
  const descending = (await cardPrices(page)).filter((p): p is number => p !== null);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  // A shared link keeps the order.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText(BROWSE_SORT_LABELS.price_desc);
});

test('a Rand price range filters the results and survives a reload', async ({ page }) => {
  await page.goto('/browse');
  const range = page.getByRole('form', { name: 'Price range' });
  await range.getByLabel('Min price (R)').fill('2000');
  await range.getByLabel('Max price (R)').fill('6000');
  await range.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/(?=.*minPrice=2000)(?=.*maxPrice=6000)/);
  await expect(results(page).locator('article').first()).toBeVisible();
  await expect
    .poll(async () => (await cardPrices(page)).every((p) => p !== null && p >= 2000 && p <= 6000))
    .toBe(true);
  await page.reload();
  await expect(page.getByLabel('Min price (R)')).toHaveValue('2000');
  await expect(page.getByLabel('Max price (R)')).toHaveValue('6000');

  // Max below min is refused on the spot, with the API's message.
  await page.getByLabel('Max price (R)').fill('1000');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('Maximum price must be at least the minimum price');
  await expect(page).toHaveURL(/maxPrice=6000/);

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).not.toHaveURL(/Price=/);
});

test('Nearest is offered only while the location is on', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    geolocation: { latitude: -26.2041, longitude: 28.0473 },
    permissions: ['geolocation'],
  });
  const page = waitForAppOnNavigation(await context.newPage());
  await page.goto('/browse?sort=distance');
  // Without a location the link's sort is ignored rather than refused.
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText(BROWSE_SORT_LABELS.recommended);
  await page.getByRole('button', { name: 'Near Me' }).click();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText(BROWSE_SORT_LABELS.distance);
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await expect(page.getByRole('option', { name: BROWSE_SORT_LABELS.distance })).toBeVisible();
  await page.getByRole('option', { name: BROWSE_SORT_LABELS.rating }).click();
  await expect(page).toHaveURL(/sort=rating/);
  await expect(page.getByText('Showing distance from you')).toBeVisible();
  await context.close();
});

test('prices use South African grouping on every screen that shows them', async ({ page }) => {
  await page.goto('/browse?sort=price_desc');
  await expect(results(page).locator('article').first()).toBeVisible();
  const prices = await results(page).getByTestId('card-price').allInnerTexts();
  expect(prices.length).toBeGreaterThan(0);
  for (const text of prices)
    expect(text === 'Contact' || RAND.test(text.replace(/\+$/, '')), text).toBe(true);
  // The most expensive listing is over R10 000, so its grouping shows.
  expect(prices[0]).toMatch(/^R\d{1,3}\u00a0\d{3}\+$/);

  await page.goto('/');
  await expect(page.getByText(/Premium Guide · R50 once-off/)).toBeVisible();

  await signIn(page, DEMO.user);
  await page.goto('/dashboard/favorites');
  for (const text of await page.getByTestId('favorite-price').allInnerTexts()) {
    expect(text === 'Contact for pricing' || /^R\d{1,3}(\u00a0\d{3})*\.\d{2}$/.test(text), text).toBe(true);
  }
});
