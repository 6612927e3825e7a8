/**
 * Helpers shared by the end-to-end specs. Demo accounts come from the seed (see README). Specs import `test`
 * and `expect` from here: its `page` waits, after every `goto` and `reload`, until the app is interactive.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import sharp from 'sharp';
import { APP_READY_ATTRIBUTE } from '../src/domain/constants.ts';
import { signFormToken } from '../src/server/plugins/form-guard.ts';

export { expect };

/**
 * Makes `page.goto` and `page.reload` wait, after the load, until the app is interactive. Public pages arrive
 * server-rendered: their buttons do nothing, and their forms submit natively, until React has hydrated them,
 * so a spec that clicks right after navigating raced hydration (and failed CI now and then). Answers that are
 * not the app (no #root: JSON, images) are not waited for. Pages of contexts a spec makes itself go through
 * this too; the `page` fixture does it for its page.
 */
export function waitForAppOnNavigation(page: Page): Page {
  const ready = () =>
    page.waitForFunction(
      (attribute) =>
        document.getElementById('root') === null || document.documentElement.hasAttribute(attribute),
      APP_READY_ATTRIBUTE,
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
  return page;
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    // With JavaScript off nothing hydrates: those specs read the server's HTML as it is.
    await use(javaScriptEnabled === false ? page : waitForAppOnNavigation(page));
  },
});

export const DEMO = {
  admin: { email: 'admin@matricmoments.test', password: 'Admin123!' },
  premiumProvider: { email: 'premium@matricmoments.test', password: 'Provider123!' },
  basicProvider: { email: 'basic@matricmoments.test', password: 'Provider123!' },
  guideUser: { email: 'guide@matricmoments.test', password: 'User1234!' },
  user: { email: 'user@matricmoments.test', password: 'User1234!' },
} as const;

/** The consent fields every sign-up must send (decision 0055). */
export const SIGN_UP_CONSENT = { acceptTerms: true, guardianConsent: true } as const;

/** Ticks the sign-up form's two consent boxes. */
export async function tickSignUpConsent(page: Page) {
  // The links in its label say they open in a new tab, to screen readers too.
  await page.getByRole('checkbox', { name: /^I agree to the Terms.*and Privacy Policy/ }).check();
  await page
    .getByRole('checkbox', { name: 'I am 18 or older, or my parent or guardian agrees to this account' })
    .check();
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Signs in through the /auth page and waits for the dashboard. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/**
 * Waits until React has hydrated `target` (it keeps the element's props on it then). The page is interactive
 * after `goto` (see `test`), but parts loaded lazily (the listing's carousel) hydrate when their code arrives.
 */
export async function waitForHydration(target: Locator) {
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
}

/** The e2e server's DATA_DIR (scripts/e2e-server.ts names it after the port). */
export function e2eDataDir(): string {
  return path.join(os.tmpdir(), `mm-e2e-${process.env.E2E_PORT ?? '3100'}`);
}

/**
 * The form guard's fields (decision 0059) for sign-ups and enquiries a spec sends through the API: a token
 * issued a minute ago, signed with the e2e server's secret (ensureSecret writes it to DATA_DIR/auth-secret),
 * and an empty honeypot. The screens fetch their own token and wait out the fill time themselves.
 */
export function formGuardFields(): { formToken: string; website: string } {
  const secret = readFileSync(path.join(e2eDataDir(), 'auth-secret'), 'utf8').trim();
  return { formToken: signFormToken(secret, Date.now() - 60_000), website: '' };
}

/**
 * The emails the e2e server wrote to this address (it runs without SMTP: one .eml file per message under
 * DATA_DIR/mail), oldest first, parsed. The outbox worker sends within moments of the commit.
 */
export async function mailsTo(address: string): Promise<ParsedMail[]> {
  const dir = path.join(e2eDataDir(), 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  const parsed = await Promise.all(files.sort().map((f) => simpleParser(readFileSync(path.join(dir, f)))));
  const wanted = address.toLowerCase();
  return parsed.filter((m) => {
    const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
    return to.some((group) => group.value.some((a) => a.address?.toLowerCase() === wanted));
  });
}

/** Waits for an email with this subject to this address and returns the link to `pagePath` it carries. */
export async function linkFromMail(address: string, subject: string, pagePath: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(address)).filter((m) => m.subject === subject).at(-1);
        const match = mail
          ? new RegExp(`https?://[^\\s\\]]*${pagePath}\\?token=[^\\s\\]]+`).exec(String(mail.text))
          : null;
        link = match?.[0] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

/**
 * Where specs put the screenshots at 360 and 1280 px that people look at (not compared by the tests): a
 * folder under the system's temporary directory, outside the repository.
 */
export const SHOTS_DIR = path.join(os.tmpdir(), 'mm-e2e-shots');

/** What `createListingViaApi` sends unless told otherwise: a décor listing in Pretoria. */
const LISTING_DEFAULTS = {
  category: 'decor',
  description: 'Balloon arches, fairy lights and table settings for the big night.',
  province: 'gauteng',
  city: 'Pretoria',
  priceFrom: '1250.50',
  priceTo: '2500',
  colour: '#2a9d5c',
};

/**
 * A listing of the provider signed in on `page`, made through the API with one uploaded photo (a plain
 * colour): pending until an admin approves it (`approveListingAsAdmin`). Returns its id.
 */
export async function createListingViaApi(
  page: Page,
  title: string,
  options: Partial<typeof LISTING_DEFAULTS> = {},
): Promise<string> {
  const listing = { ...LISTING_DEFAULTS, ...options };
  const buffer = await sharp({ create: { width: 640, height: 420, channels: 3, background: listing.colour } })
    .png()
    .toBuffer();
  const upload = await page.request.post('/api/uploads', {
    multipart: { bucket: 'listing-images', file: { name: 'photo.png', mimeType: 'image/png', buffer } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const categories = (await (await page.request.get('/api/categories')).json()) as {
    items: { id: string; slug: string }[];
  };
  const category = categories.items.find((c) => c.slug === listing.category);
  if (!category) throw new Error(`no category ${listing.category}`);
  const created = await page.request.post('/api/provider/listings', {
    data: {
      title,
      categoryId: category.id,
      description: listing.description,
      province: listing.province,
      city: listing.city,
      priceFrom: listing.priceFrom,
      priceTo: listing.priceTo,
      latitude: '',
      longitude: '',
      images: [{ url: ((await upload.json()) as { url: string }).url, isPrimary: true }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The demo admin approves listing `id`, in a context of its own. */
export async function approveListingAsAdmin(browser: Browser, id: string): Promise<void> {
  const admin = await browser.newContext();
  try {
    const adminPage = waitForAppOnNavigation(await admin.newPage());
    await signIn(adminPage, DEMO.admin);
    const approved = await adminPage.request.post('/api/admin/listings/moderation', {
      data: { ids: [id], status: 'approved' },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  } finally {
    await admin.close();
  }
}
