/**
 * axe-core in the page: the serious and critical violations of WCAG 2.2 AA and best practice, one line each.
 * Shared by the sweep of every page (a11y.spec.ts) and the specs that check one screen in one state.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * axe-core's browser build (the axe-core package; @axe-core/playwright is not installed). Evaluated through
 * the DevTools protocol, which the app's Content Security Policy (script-src 'self') rightly does not allow
 * for a <script> tag.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const injectAxe = (page: Page) => page.evaluate(AXE_SOURCE);
export const WIDTHS = [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Serious and critical violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page, known: readonly string[] = []): Promise<string[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((v) => (v.impact === 'serious' || v.impact === 'critical') && !known.includes(v.id))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
