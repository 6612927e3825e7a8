import { execSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium from PATH (browsers cannot be downloaded here); CHROMIUM_PATH overrides. */
function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  try {
    return (
      execSync('command -v chromium || command -v chromium-browser', { encoding: 'utf8' }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // Specs that only read shared state, or change state only for accounts and records they create.
    { name: 'chromium', testIgnore: /\.global\.spec\.ts$/, use: { ...devices['Desktop Chrome'] } },
    // Specs that change what every visitor sees (demo mode, packages, site content, banners, FAQs, social
    // links): named *.global.spec.ts, they run after all the others so they cannot disturb them. Each such
    // spec keeps its own changes in order (test.describe.configure({ mode: 'serial' })) and restores them.
    {
      name: 'site-wide',
      testMatch: /\.global\.spec\.ts$/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    command: `tsx scripts/e2e-server.ts`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), PUBLIC_URL: `http://localhost:${PORT}`, LOG_LEVEL: 'warn', SEED_DEMO: 'true' },
  },
});
