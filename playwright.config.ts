import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/chromium.ts'
import { TWILIO_TEST_KEYS } from './tests/support/fake-twilio.ts'

const PORT = Number(process.env.E2E_PORT ?? 3210)
// The gallery journeys build one gallery in order, from empty, the menu journeys change
// the treats every page lists and the availability journeys the days it offers; on a server of their own,
// a photo they delete is never one another test's page is still loading.
const GALLERY_PORT = PORT + 1
// The order calendar's journeys close days, fill them and change notice: on a
// server of their own, no other spec's order meets their rules.
const CALENDAR_PORT = PORT + 2
const PICKUP_PORT = PORT + 3
// Card payments: a server with Stripe keys of its own, pointed at the fake
// Stripe the card spec starts on the port after it.
const CARD_PORT = PORT + 4
process.env.E2E_FAKE_STRIPE_PORT ??= String(PORT + 5)
// Texts are on there too, through the fake Twilio the texts spec starts on the port after.
process.env.E2E_FAKE_TWILIO_PORT ??= String(PORT + 6)
// Local settings: the owner moves the bakery to Auckland and NZ$, which every
// other spec's dates and amounts would feel, so on a server of its own.
const LOCAL_PORT = PORT + 94
process.env.E2E_STRIPE_SECRET_KEY ??= 'sk_test_e2efake000000000000'
process.env.E2E_STRIPE_WEBHOOK_SECRET ??= 'whsec_e2efake000000000000'
process.env.E2E_SMTP_PORT ??= String(PORT + 15)
// Workers inherit the runner's environment, so every process sees one folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'bakery-e2e-'))
const galleryDataDir = path.join(process.env.E2E_DATA_DIR, 'gallery-server')
const calendarDataDir = path.join(process.env.E2E_DATA_DIR, 'calendar-server')
const pickupDataDir = path.join(process.env.E2E_DATA_DIR, 'pickup-server')
const cardDataDir = path.join(process.env.E2E_DATA_DIR, 'card-server')
const localDataDir = path.join(process.env.E2E_DATA_DIR, 'local-server')
process.env.E2E_CALENDAR_DATA_DIR ??= calendarDataDir
process.env.E2E_CARD_DATA_DIR ??= cardDataDir
// The order journey's run on PostgreSQL (tagged @postgres) needs
// TEST_DATABASE_URL. Without it a machine with no PostgreSQL leaves it out with
// a notice (once, in the runner, not in each worker); in CI (CI set) it fails
// instead, so it is never left out there unnoticed. (Two instances on one
// PostgreSQL database run without a browser: server/on-postgres.pg.test.ts.)
if (!process.env.TEST_DATABASE_URL) {
  if (process.env.CI) {
    throw new Error('CI is set but TEST_DATABASE_URL is not: the @postgres tests cannot run.')
  }
  if (process.env.TEST_WORKER_INDEX === undefined) {
    console.log('Notice: TEST_DATABASE_URL is not set, so the @postgres tests are left out.')
  }
}
const postgresTests = process.env.TEST_DATABASE_URL ? undefined : /@postgres/

/**
 * The production server as visitors get it, on its own port and data folder.
 * Playwright waits for each server with a `url` before it starts the next,
 * looking again after 0.1, 0.35, 0.85 s and then every second: the first
 * (which builds) is waited for so, the others start at once, side by side,
 * and the global setup waits for all of them (tests/e2e/global-setup.ts).
 */
function server(
  port: number,
  dataDir: string,
  command: string,
  extraEnv: Record<string, string> = {},
) {
  return {
    command,
    ...(port === PORT ? { url: `http://localhost:${port}/healthz` } : {}),
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // Stopped as a host stops it: open requests finish, the database closes.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_TO: 'owner@butterandbloom.test',
      MAIL_FROM: 'Butter & Bloom website <website@butterandbloom.test>',
      MAIL_RETRY_MIN_MS: '200',
      ADMIN_EMAIL: 'owner@butterandbloom.test',
      ADMIN_PASSWORD: 'correct horse battery staple',
      // The gallery journeys start from an empty gallery, and other pages need no photos.
      SEED_DEMO: 'false',
      ...extraEnv,
    },
  }
}

// Playwright starts these in order, so the others serve the build the first made. The
// first builds unless `npm test`'s unit tests already built for its TEST_RUN_ID (decision 090).
const webServers = [
  server(
    PORT,
    process.env.E2E_DATA_DIR,
    'node --import tsx tests/support/build-once.ts && npm run serve',
  ),
  server(GALLERY_PORT, galleryDataDir, 'npm run serve'),
  server(CALENDAR_PORT, calendarDataDir, 'npm run serve'),
  server(PICKUP_PORT, pickupDataDir, 'npm run serve'),
  server(CARD_PORT, cardDataDir, 'npm run serve', {
    STRIPE_SECRET_KEY: process.env.E2E_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: process.env.E2E_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${process.env.E2E_FAKE_STRIPE_PORT}`,
    TWILIO_ACCOUNT_SID: TWILIO_TEST_KEYS.accountSid,
    TWILIO_AUTH_TOKEN: TWILIO_TEST_KEYS.authToken,
    TWILIO_FROM: TWILIO_TEST_KEYS.from,
    TWILIO_API_URL: `http://127.0.0.1:${process.env.E2E_FAKE_TWILIO_PORT}`,
  }),
  server(LOCAL_PORT, localDataDir, 'npm run serve'),
]
// Every server above, for the global setup to wait for.
process.env.E2E_SERVER_PORTS = webServers.map((entry) => entry.env.PORT).join(',')

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // The owner's journeys sign in, land on Today and answer a question or two: on a busy
  // two-core machine the longest take close to half a minute.
  timeout: 45_000,
  // A click before React runs is held and replayed once the page's scripts arrive; on a
  // busy two-core machine a cold page's chain of chunks can take over five seconds.
  expect: { timeout: 10_000 },
  use: {
    // A trace of each failing test costs about a quarter of the suite's time on two cores,
    // and a CI machine keeps nothing after its run; a failure still leaves its page's
    // snapshot in test-results. E2E_TRACE=1 keeps each failing test's trace (decision 098).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [
        'gallery.spec.ts',
        'menu.spec.ts',
        'settings-availability.spec.ts',
        'order-calendar.spec.ts',
        'pickup-windows.spec.ts',
        'card-payments.spec.ts',
        'drops.spec.ts',
        'drop-desk.spec.ts',
        'discount-codes.spec.ts',
        'texts.spec.ts',
        'taxes.spec.ts',
        'local-settings.spec.ts',
      ],
      grepInvert: postgresTests,
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${PORT}` },
    },
    {
      name: 'gallery',
      testMatch: ['gallery.spec.ts', 'menu.spec.ts', 'settings-availability.spec.ts'],
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${GALLERY_PORT}` },
    },
    {
      name: 'calendar',
      testMatch: ['order-calendar.spec.ts'],
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${CALENDAR_PORT}` },
    },
    // Pickup times hold every Saturday of their server: a server of their own.
    {
      name: 'pickup',
      testMatch: ['pickup-windows.spec.ts'],
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${PICKUP_PORT}` },
    },
    // Card payments and texts on: only this server has Stripe and Twilio keys. Drops are sold here too: a drop
    // shows on its server's Home, which the journeys on the main server keep as it is.
    {
      name: 'card',
      testMatch: [
        'card-payments.spec.ts',
        'drops.spec.ts',
        'drop-desk.spec.ts',
        'discount-codes.spec.ts',
        'texts.spec.ts',
        // A treat bought now with its tax, on the server that sells them.
        'taxes.spec.ts',
      ],
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${CARD_PORT}` },
    },
    {
      name: 'local',
      testMatch: ['local-settings.spec.ts'],
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${LOCAL_PORT}` },
    },
  ],
  webServer: webServers,
})
