import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/chromium.ts'

const PORT = Number(process.env.E2E_PORT ?? 3210)
process.env.E2E_SMTP_PORT ??= String(PORT + 15)
// Workers inherit the runner's environment, so every process sees one folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'bakery-e2e-'))

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // Always the production server, freshly built: what visitors get.
    command: 'npm run build && npm run serve',
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      SITE_URL: `http://localhost:${PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_TO: 'owner@butterandbloom.test',
      MAIL_FROM: 'Butter & Bloom website <website@butterandbloom.test>',
      MAIL_RETRY_MIN_MS: '200',
      ADMIN_EMAIL: 'owner@butterandbloom.test',
      ADMIN_PASSWORD: 'correct horse battery staple',
      // The gallery journeys start from an empty gallery.
      SEED_DEMO: 'false',
    },
  },
})
