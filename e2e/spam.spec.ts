/**
 * Spam protection end to end (issue 24, decision 0059): a person's enquiry and sign-up still work however
 * fast they are filled in (the form waits out the minimum fill time itself), the honeypot is out of sight
 * and out of the tab order, and a filled honeypot gets the success message but reaches nobody.
 * Screenshots of the enquiry dialog and the sign-up form at 360 and 1280 px go to SHOTS_DIR (support.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, SHOTS_DIR, test, tickSignUpConsent, uniqueEmail } from './support.ts';

const SHOTS = `${SHOTS_DIR}/shots-spam`;
const WIDTHS = [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
] as const;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** An approved listing of the premium demo provider 'Elite Arrivals', which receives enquiries. */
async function eliteListing(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/listings?category=car-rentals&pageSize=60');
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: { id: string; provider: { businessName: string } }[] };
  const elite = items.find((c) => c.provider.businessName === 'Elite Arrivals');
  expect(elite).toBeDefined();
  return elite!.id;
}

/** The messages of the enquiries the premium demo provider received. */
async function providerInbox(request: APIRequestContext): Promise<string[]> {
  const signIn = await request.post('/api/auth/sign-in', { data: DEMO.premiumProvider });
  expect(signIn.ok()).toBe(true);
  const res = await request.get('/api/enquiries');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: { message: string }[] }).items.map((e) => e.message);
}

async function fillEnquiry(page: Page, message: string) {
  const dialog = page.getByRole('dialog', { name: 'Contact Provider' });
  await dialog.getByLabel('Name').fill('Lerato Visitor');
  await dialog.getByLabel('Email').fill(uniqueEmail('spam-e2e'));
  await dialog.getByLabel('Message').fill(message);
  return dialog;
}

test('a person’s quick enquiry reaches the provider; the honeypot is out of sight and out of reach', async ({
  page,
  playwright,
  baseURL,
}) => {
  const listingId = await eliteListing(page.request);
  const message = `Is the car free on 28 November? Quick ref ${Date.now()}`;
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto(`/listing/${listingId}`);
    await page.getByRole('button', { name: 'Contact Provider' }).first().click();
    const dialog = await fillEnquiry(page, message);
    await page.screenshot({ path: `${SHOTS}/enquiry-${viewport.width}.png` });
    // The honeypot: off screen, hidden from screen readers, never reached with Tab.
    const honeypot = dialog.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    await expect(
      dialog.locator('[aria-hidden="true"]').filter({ has: page.locator('input[name="website"]') }),
    ).toHaveCount(1);
    const box = await honeypot.boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await honeypot.evaluate((el) => el === document.activeElement)).toBe(false);
    }
    if (viewport.width === 360) {
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
  // Sent at once: the dialog holds the request until the minimum fill time has passed, then it is stored.
  const dialog = page.getByRole('dialog', { name: 'Contact Provider' });
  await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(toast(page, 'Your enquiry has been sent successfully!')).toBeVisible();
  const provider = await playwright.request.newContext({ baseURL });
  expect(await providerInbox(provider)).toContain(message);
  await provider.dispose();
});

test('a filled honeypot gets the success message and reaches nobody', async ({
  page,
  playwright,
  baseURL,
}) => {
  const listingId = await eliteListing(page.request);
  const message = `Cheap rides here, bot ref ${Date.now()}`;
  await page.goto(`/listing/${listingId}`);
  await page.getByRole('button', { name: 'Contact Provider' }).first().click();
  const dialog = await fillEnquiry(page, message);
  await dialog.locator('input[name="website"]').fill('https://bot.example', { force: true });
  await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(toast(page, 'Your enquiry has been sent successfully!')).toBeVisible();
  const provider = await playwright.request.newContext({ baseURL });
  expect(await providerInbox(provider)).not.toContain(message);
  await provider.dispose();
});

test('a person who signs up at once gets a real account', async ({ page }) => {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full Name').fill('Palesa Mokoena');
    await page.getByLabel('Email').fill(uniqueEmail('spam-signup'));
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await tickSignUpConsent(page);
    await page.screenshot({ path: `${SHOTS}/sign-up-${viewport.width}.png`, fullPage: true });
  }
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = (await (await page.request.get('/api/me')).json()) as { user: { name: string } | null };
  expect(me.user?.name).toBe('Palesa Mokoena');
});
