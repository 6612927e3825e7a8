/**
 * 360 px sweep over every route (APP_ROUTES with seeded ids, as the demo role that opens it): the page
 * may not scroll sideways, and no element may stick out of the viewport unless a scrolling or clipping
 * container holds it (a swipeable row is fine; a card wider than the phone is not).
 */
import {
  annotateKnownIssues,
  KNOWN_ISSUES,
  LONG_NAME_PROVIDER,
  openSettled,
  routeVisits,
  seededIds,
  Visitors,
} from './app-routes.ts';
import { expect, test } from './support.ts';

const PHONE = { width: 360, height: 800 };

/** What sticks out, described for the failure message (empty when the page fits). */
function overflowReport(): string[] {
  const width = window.innerWidth;
  const problems: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > width) problems.push(`page scrollWidth ${root.scrollWidth} > innerWidth ${width}`);
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const cls =
      typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}` : '';
    const text = (el.textContent ?? '').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
  };
  /** Inside an ancestor that scrolls or clips sideways: that ancestor is the one that has to fit. */
  const contained = (el: Element) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll('*')) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.left >= -0.5 && rect.right <= width + 0.5) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    // Visually hidden (sr-only: 1 px, clipped), e.g. the skip link until it is focused.
    if (rect.width <= 1 || rect.height <= 1 || style.clipPath !== 'none' || style.clip !== 'auto') continue;
    if (contained(el)) continue;
    problems.push(`${describe(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} px`);
  }
  return problems.slice(0, 10);
}

test.describe('360 px: nothing wider than the phone', () => {
  test.describe.configure({ timeout: 240_000 });

  test('every route fits 360 px', async ({ browser, request, baseURL }) => {
    const ids = await seededIds(request);
    const visitors = new Visitors(browser, baseURL!, PHONE);
    const failures: string[] = [];
    annotateKnownIssues(test.info().annotations, 'overflow');
    try {
      for (const visit of routeVisits(ids)) {
        if (KNOWN_ISSUES[visit.route]?.overflow) continue;
        const page = await visitors.page(visit.visitor);
        await openSettled(page, visit.url);
        const problems = await page.evaluate(overflowReport);
        if (problems.length > 0)
          failures.push(`${visit.url} (${visit.visitor}):\n  ${problems.join('\n  ')}`);
      }
    } finally {
      await visitors.close();
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  test('a premium, verified provider with a long name stays within the listing page', async ({
    page,
    request,
  }) => {
    const ids = await seededIds(request);
    await page.setViewportSize(PHONE);
    await openSettled(page, `/listing/${ids.listingId}`);
    const provider = page.locator('a[href^="/provider/"]').filter({ hasText: LONG_NAME_PROVIDER });
    await expect(provider).toBeVisible();
    await expect(provider.getByRole('img', { name: 'Verified' })).toBeVisible();
    await expect(provider.getByRole('img', { name: 'Premium' })).toBeVisible();
    const box = (await provider.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
