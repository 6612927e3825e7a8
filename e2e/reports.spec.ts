/**
 * Issue 24 (decisions 0057, 0058): a visitor reports a listing and an admin unpublishes it from
 * /admin/reports; an admin dismisses a report; a provider answers a review and the answer shows under it
 * (server-rendered too). Each test makes its own listing, so nothing other specs read changes. Screenshots
 * at 360 and 1280 px of the report dialog, the admin queue and a review with a response go to SHOTS_DIR.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  DEMO,
  expect,
  formGuardFields,
  SHOTS_DIR,
  signIn,
  SIGN_UP_CONSENT,
  test,
  uniqueEmail,
  waitForAppOnNavigation,
} from './support.ts';

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS_DIR}/w4-reports-${name}.png`, fullPage: true });

async function pageIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: waitForAppOnNavigation(await context.newPage()) };
}

/**
 * A new provider (a fresh account the admin gives the premium package, so it can receive reviews) with one
 * approved listing, made through the API. The provider's business name is its full name.
 */
async function approvedListing(
  browser: Browser,
  title: string,
  businessName = 'Lens and Light Studio',
): Promise<{ id: string; provider: { context: BrowserContext; page: Page } }> {
  const provider = await pageIn(browser);
  const admin = await pageIn(browser);
  try {
    const signUp = await provider.page.request.post('/api/auth/sign-up', {
      data: {
        ...formGuardFields(),
        ...SIGN_UP_CONSENT,
        fullName: businessName,
        email: uniqueEmail('reports-provider'),
        password: 'secret123',
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    const userId = ((await signUp.json()) as { me: { user: { id: string } } }).me.user.id;
    await signIn(admin.page, DEMO.admin);
    const pkg = await admin.page.request.put(`/api/admin/users/${userId}/package`, {
      data: { packageType: 'premium' },
    });
    expect(pkg.status(), await pkg.text()).toBe(200);
    const buffer = await sharp({ create: { width: 640, height: 420, channels: 3, background: '#7a1f4c' } })
      .png()
      .toBuffer();
    const upload = await provider.page.request.post('/api/uploads', {
      multipart: { bucket: 'listing-images', file: { name: 'photo.png', mimeType: 'image/png', buffer } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const categories = (await (await provider.page.request.get('/api/categories')).json()) as {
      items: { id: string; slug: string }[];
    };
    const created = await provider.page.request.post('/api/provider/listings', {
      data: {
        title,
        categoryId: categories.items.find((c) => c.slug === 'photography')!.id,
        description: 'Portraits before the dance, 150 edited photos delivered within a week.',
        province: 'gauteng',
        city: 'Pretoria',
        priceFrom: '1800',
        priceTo: '',
        latitude: '',
        longitude: '',
        images: [{ url: (await upload.json()).url, isPrimary: true }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).id as string;
    const approved = await admin.page.request.post('/api/admin/listings/moderation', {
      data: { ids: [id], status: 'approved' },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    return { id, provider };
  } finally {
    await admin.context.close();
  }
}

test('a visitor reports a listing; an admin unpublishes it from the Reports queue', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Reported Portraits ${Math.floor(Math.random() * 1e6)}`;
  const { id, provider } = await approvedListing(browser, title);
  await provider.context.close();

  // The visitor (signed out) reports it.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/listing/${id}`);
  await page.getByRole('button', { name: 'Report listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this listing' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please choose a reason')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please describe the problem')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await dialog
    .getByLabel('Details (optional)')
    .fill('They asked for the full amount upfront through https://pay-me-now.example/deposit');
  await shoot(page, 'dialog-1280');
  await page.setViewportSize(PHONE);
  await shoot(page, 'dialog-360');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(page, 'Thank you. Your report has been sent to our team.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The admin sees it in the queue (the sidebar counts open reports), reporter 'Visitor', the link as text.
  const admin = await pageIn(browser);
  try {
    const a = admin.page;
    await signIn(a, DEMO.admin);
    await a.setViewportSize(DESKTOP);
    await expect(
      a.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /^Reports\s*\d+ open$/ }),
    ).toBeVisible();
    await a.goto(`/admin/reports?search=${encodeURIComponent(title)}`);
    const row = a.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Visitor', { exact: true })).toBeVisible();
    await expect(row.getByText('Scam or fraud')).toBeVisible();
    await expect(row.getByText('https://pay-me-now.example/deposit', { exact: false })).toBeVisible();
    await expect(a.getByRole('link', { name: /pay-me-now/ })).toHaveCount(0);
    await expect(row.getByRole('link', { name: new RegExp(title) })).toHaveAttribute(
      'href',
      `/listing/${id}`,
    );
    await shoot(a, 'queue-1280');
    await a.setViewportSize(PHONE);
    await shoot(a, 'queue-360');
    await a.setViewportSize(DESKTOP);

    await row.getByRole('button', { name: 'Unpublish' }).click();
    const confirm = a.getByRole('dialog', { name: 'Unpublish listing' });
    await confirm.getByLabel('Reason').fill('Several parents reported a deposit scam.');
    await confirm.getByRole('button', { name: 'Unpublish' }).click();
    await expect(toast(a, 'Listing unpublished')).toBeVisible();
    await expect(a.getByRole('row').filter({ hasText: title })).toHaveCount(0);
    await a.goto(`/admin/reports?status=resolved&search=${encodeURIComponent(title)}`);
    await expect(a.getByRole('row').filter({ hasText: title }).getByText('Resolved')).toBeVisible();
  } finally {
    await admin.context.close();
  }
  // Gone from the marketplace.
  expect((await page.request.get(`/api/listings/${id}`)).status()).toBe(404);
});

test('an admin dismisses a report and the listing stays', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const title = `Dismissed Portraits ${Math.floor(Math.random() * 1e6)}`;
  const { id, provider } = await approvedListing(browser, title);
  await provider.context.close();
  const sent = await page.request.post(`/api/listings/${id}/reports`, {
    data: { ...formGuardFields(), reason: 'duplicate', details: 'Same as another listing' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signIn(page, DEMO.admin);
  await page.goto(`/admin/reports?search=${encodeURIComponent(title)}`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Duplicate listing')).toBeVisible();
  await row.getByRole('button', { name: 'Dismiss' }).click();
  await page
    .getByRole('alertdialog', { name: 'Dismiss report' })
    .getByRole('button', { name: 'Dismiss' })
    .click();
  await expect(toast(page, 'Report dismissed')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await page.goto(`/admin/reports?status=dismissed&search=${encodeURIComponent(title)}`);
  await expect(
    page.getByRole('row').filter({ hasText: title }).getByText('Dismissed', { exact: true }),
  ).toBeVisible();
  expect((await page.request.get(`/api/listings/${id}`)).status()).toBe(200);
});

test('a provider answers a review; the response shows under it for everyone', async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Reviewed Portraits ${Math.floor(Math.random() * 1e6)}`;
  const { id, provider } = await approvedListing(browser, title, 'Naledi Lens Studio');
  const reviewer = await pageIn(browser);
  try {
    const signUp = await reviewer.page.request.post('/api/auth/sign-up', {
      data: {
        ...formGuardFields(),
        ...SIGN_UP_CONSENT,
        fullName: 'Naledi Reviewer',
        email: uniqueEmail('report-review'),
        password: 'secret123',
      },
    });
    expect(signUp.status()).toBe(201);
    const review = await reviewer.page.request.post(`/api/listings/${id}/reviews`, {
      data: { rating: 3, comment: 'Good photos but they arrived 40 minutes late.' },
    });
    expect(review.status(), await review.text()).toBe(201);
  } finally {
    await reviewer.context.close();
  }

  // The provider's own session (made by approvedListing) answers on the listing page.
  const p = provider.page;
  await p.setViewportSize(DESKTOP);
  await p.goto(`/listing/${id}`);
  const reviews = p.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Good photos but they arrived 40 minutes late.')).toBeVisible();
  await reviews.getByRole('button', { name: 'Respond' }).click();
  await reviews.getByLabel('Your public response').fill('');
  await reviews.getByRole('button', { name: 'Publish response' }).click();
  await expect(reviews.getByText('Please write a response')).toBeVisible();
  await reviews
    .getByLabel('Your public response')
    .fill('Thank you, Naledi. Traffic on the N1 held us up; we have added a buffer to every booking since.');
  await reviews.getByRole('button', { name: 'Publish response' }).click();
  await expect(toast(p, 'Response published')).toBeVisible();
  await expect(reviews.getByText('Response from Naledi Lens Studio')).toBeVisible();
  await reviews.scrollIntoViewIfNeeded();
  await reviews.screenshot({ path: `${SHOTS_DIR}/w4-reports-response-1280.png` });
  await p.setViewportSize(PHONE);
  await reviews.scrollIntoViewIfNeeded();
  await reviews.screenshot({ path: `${SHOTS_DIR}/w4-reports-response-360.png` });

  // Edit it.
  await p.setViewportSize(DESKTOP);
  await reviews.getByRole('button', { name: 'Edit your response' }).click();
  await reviews
    .getByLabel('Your public response')
    .fill('Thank you, Naledi. We now add a buffer to every booking.');
  await reviews.getByRole('button', { name: 'Update response' }).click();
  await expect(toast(p, 'Response updated')).toBeVisible();

  // A visitor sees it, and the server-rendered page carries it before any script runs.
  const visitor = await browser.newContext();
  const body = await (await visitor.request.get(`${new URL(p.url()).origin}/listing/${id}`)).text();
  await visitor.close();
  expect(body).toContain('Response from Naledi Lens Studio');
  expect(body).toContain('We now add a buffer to every booking.');
  await provider.context.close();
});
