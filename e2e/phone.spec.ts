/**
 * Issue 8, items 12, 13, 16 and 18: the listing's contact bar, Home, the dashboard menu and small things,
 * as a visitor on a 360 px phone sees them (and what changes at 1280 px).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { BrowseResult, ListingCard } from '../src/domain/listings.ts';
import { navItemsForRole } from '../src/web/app/nav.ts';
import { DEMO, expect, signIn, test } from './support.ts';

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

async function allListings(request: APIRequestContext): Promise<ListingCard[]> {
  const items: ListingCard[] = [];
  let cursor: string | null = null;
  do {
    const res = await request.get(`/api/listings?pageSize=48${cursor ? `&cursor=${cursor}` : ''}`);
    const page = (await res.json()) as BrowseResult;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

async function listingOf(request: APIRequestContext, businessName: string): Promise<ListingCard> {
  const listing = (await allListings(request)).find((l) => l.provider.businessName === businessName);
  expect(listing, businessName).toBeDefined();
  return listing!;
}

test.describe('listing detail on a phone', () => {
  test('a sticky bar offers Contact Provider, a call and WhatsApp once the page’s own button is out of view', async ({
    page,
    request,
  }) => {
    // Karoo Classic Cars' WhatsApp number is its phone, 083 555 0114 (a mobile).
    const listing = await listingOf(request, 'Karoo Classic Cars');
    await page.setViewportSize(PHONE);
    await page.goto(`/listing/${listing.id}`);
    const own = page.locator('#contact-provider');
    const bar = page.getByRole('region', { name: 'Contact this provider', includeHidden: true });
    // Never two Contact Provider buttons: while the page's own is in view, the bar waits.
    await own.scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    // Scrolled past it, the bar is at the bottom of the screen.
    await page.mouse.wheel(0, 2000);
    await expect(own).not.toBeInViewport();
    await expect(bar).toBeVisible();
    await expect(bar).toBeInViewport({ ratio: 1 });
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(PHONE.height - 2); // at the bottom of the screen
    await expect(bar.getByRole('link', { name: /^Call / })).toHaveAttribute('href', 'tel:+27835550114');
    await expect(bar.getByRole('link', { name: /^WhatsApp / })).toHaveAttribute(
      'href',
      'https://wa.me/27835550114',
    );

    const contact = bar.getByRole('button', { name: 'Contact Provider' });
    await contact.click();
    await expect(page.getByRole('dialog', { name: 'Contact Provider' })).toBeVisible();
    await expect(bar).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(bar).toBeVisible();
    await expect(contact).toBeFocused();
  });

  test('WhatsApp only for a provider with a WhatsApp number, and no bar on a desktop', async ({
    page,
    request,
  }) => {
    const listing = await listingOf(request, 'Bella Gowns'); // 021 555 0102, Cape Town, no WhatsApp
    await page.setViewportSize(PHONE);
    await page.goto(`/listing/${listing.id}`);
    await page.mouse.wheel(0, 2000);
    const bar = page.getByRole('region', { name: 'Contact this provider' });
    await expect(bar.getByRole('link', { name: /^Call / })).toHaveAttribute('href', 'tel:+27215550102');
    await expect(bar.getByRole('link', { name: /^WhatsApp / })).toHaveCount(0);
    // Elite Arrivals' phone is a landline, but it gave a WhatsApp number of its own.
    await page.goto(`/listing/${(await listingOf(request, 'Elite Arrivals')).id}`);
    await page.mouse.wheel(0, 2000);
    await expect(bar.getByRole('link', { name: /^WhatsApp / })).toHaveAttribute(
      'href',
      'https://wa.me/27825550101',
    );
    await page.setViewportSize(DESKTOP);
    await expect(bar).toBeHidden();
  });
});

test.describe('Home on a phone', () => {
  test('featured listings swipe in one row, so the guide offer is a few screens down', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    // Named by the section's heading (site content; 'Featured Listings' by default).
    const heading = (await page.locator('#featured-heading').innerText()).trim();
    const row = page.getByRole('list', { name: heading, exact: true });
    await expect(row.getByRole('listitem').first()).toBeVisible();
    const geometry = await row.evaluate((ul) => {
      const tops = [...ul.children].map((li) => Math.round(li.getBoundingClientRect().top));
      return { scrollWidth: ul.scrollWidth, clientWidth: ul.clientWidth, rows: new Set(tops).size };
    });
    expect(geometry.rows).toBe(1);
    expect(geometry.scrollWidth).toBeGreaterThan(geometry.clientWidth);
    // Swiping (scrolling the row) reveals the next card.
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('listitem').nth(1)).not.toBeInViewport({ ratio: 0.9 });
    await row.evaluate((ul) => ul.scrollBy({ left: 300 }));
    await expect(row.getByRole('listitem').nth(1)).toBeInViewport();
    const guideTop = await page
      .getByRole('heading', { name: /Tips & Tricks/ })
      .evaluate((h) => h.getBoundingClientRect().top + window.scrollY);
    expect(guideTop).toBeLessThan(PHONE.height * 6);
    // From 640 px the same listings are a grid again.
    await page.setViewportSize(DESKTOP);
    const rows = await row.evaluate(
      (ul) => new Set([...ul.children].map((li) => Math.round(li.getBoundingClientRect().top))).size,
    );
    expect(rows).toBeGreaterThan(1);
  });

  test('the hero carousel can be paused and its dots are at least 24 × 24 px', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Featured banners' });
    const pause = carousel.getByRole('button', { name: 'Pause banners' });
    await expect(pause).toBeVisible();
    const dots = carousel.getByRole('button', { name: /^Show banner / });
    expect(await dots.count()).toBeGreaterThan(1);
    for (const dot of await dots.all()) {
      const box = (await dot.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    await pause.click();
    const play = carousel.getByRole('button', { name: 'Play banners' });
    await expect(play).toBeVisible();
    // Paused: the shown banner stays through more than one autoplay delay (5 s).
    const current = await carousel.locator('[aria-current="true"]').getAttribute('aria-label');
    await page.mouse.move(0, 790); // not hovering the carousel
    await page.waitForTimeout(6_000);
    await expect(carousel.locator('[aria-current="true"]')).toHaveAttribute('aria-label', current!);
    await play.click();
    await expect(carousel.getByRole('button', { name: 'Pause banners' })).toBeVisible();
  });
});

test.describe('dashboard on a phone', () => {
  async function openMenu(page: Page) {
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    return page.getByRole('dialog', { name: 'Dashboard menu' });
  }

  test('a menu sheet holds every sidebar item and a way back to Browse', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO.admin);
    // No sideways scroller: the desktop sidebar is not shown on a phone.
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
    const menu = await openMenu(page);
    const expected = navItemsForRole('admin').map((item) => item.label);
    const links = menu.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
    await expect(links).toHaveText(expected);
    for (const link of await links.all()) {
      await expect(link).toBeInViewport();
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await menu.getByRole('link', { name: 'Audit Log' }).click();
    await expect(page).toHaveURL('/admin/audit');
    await expect(menu).toBeHidden();
    const again = await openMenu(page);
    await expect(again.getByRole('link', { name: 'Audit Log' })).toHaveAttribute('aria-current', 'page');
    await again.getByRole('link', { name: 'Browse Marketplace' }).click();
    await expect(page).toHaveURL('/browse');
  });

  test('on a desktop the sidebar shows the items and the marketplace link', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO.user);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link')).toHaveText(navItemsForRole('user').map((item) => item.label));
    await page.getByRole('link', { name: 'Browse Marketplace' }).click();
    await expect(page).toHaveURL('/browse');
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  });
});

test.describe('small things', () => {
  test('removing a favourite offers Undo, which saves it again', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO.user);
    // The page arrives rendered for a visitor (empty hearts); after hydration the session's favourites
    // fill them. Read the state the hearts will settle on from that answer, not from the first markup.
    const idsLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/favorites/ids');
    await page.goto('/browse?category=decor');
    const favouriteIds = ((await (await idsLoaded).json()) as { ids: string[] }).ids;
    const card = page.getByRole('region', { name: 'Results' }).locator('article').first();
    const title = (await card.getByRole('heading').innerText()).trim();
    const listingId = (await card.getByRole('link').first().getAttribute('href'))!.split('/').pop()!;
    const heart = card.getByRole('button', { name: /favorites/ });
    const wasFavourite = favouriteIds.includes(listingId);
    await expect(heart).toHaveAttribute('aria-pressed', String(wasFavourite));
    if (!wasFavourite) {
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
    }
    await page.goto('/dashboard/favorites');
    const favourite = page.getByTestId('favorite-card').filter({ hasText: title });
    await favourite.getByRole('button', { name: `Remove ${title} from favorites` }).click();
    await expect(favourite).toHaveCount(0);
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Removed from favorites' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByTestId('favorite-card').filter({ hasText: title })).toHaveCount(1);

    // The heart's toast offers the same (once the session has filled the heart again).
    await page.goto('/browse?category=decor');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Removed from favorites' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  test('signed in, Home does not ask to sign in and the header still says Matric Login', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await expect(page.getByText('Already have an account?')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Matric Login' })).toBeVisible();
    await signIn(page, DEMO.user);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Are You a Service Provider?' })).toBeVisible();
    await expect(page.getByText('Already have an account?')).toHaveCount(0);
    // The spec's header button reads 'Matric Login' signed in or not (decision 0037).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Matric Login' })).toHaveAttribute(
      'href',
      '/matric-access',
    );
    await expect(page.getByRole('banner').getByRole('link', { name: 'Matric Guide' })).toHaveCount(0);
  });

  test('every demo listing has its own title', async ({ request }) => {
    const titles = (await allListings(request)).map((l) => l.title);
    expect(titles.length).toBeGreaterThan(20);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
