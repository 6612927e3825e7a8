/** Helpers shared by the end-to-end specs. Demo accounts come from the seed (see README). */
import { expect, type Locator, type Page } from '@playwright/test';

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
 * Waits until React has hydrated `target` (it keeps the element's props on it then). Public pages arrive
 * server-rendered: their buttons and forms do nothing, or submit natively, until hydration.
 */
export async function waitForHydration(target: Locator) {
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
}
