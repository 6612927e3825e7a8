/**
 * Helpers shared by the end-to-end specs. Demo accounts come from the seed (see README). Specs import `test`
 * and `expect` from here: its `page` waits, after every `goto` and `reload`, until the app is interactive.
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { APP_READY_ATTRIBUTE } from '../src/domain/constants.ts';

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
