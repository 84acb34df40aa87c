import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { photoJpeg } from '#tests/support/images.ts'
import { type ServerProcess, startServerProcess } from '#tests/support/server-process.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import {
  OWNER,
  expect,
  expectImagesLoaded,
  signInOwnSession,
  test,
  waitForHydration,
} from './fixtures.ts'
import { shoot } from './shots.ts'

/**
 * Settings › Your site › Pictures on the owner's phone: she uploads her own
 * hero, About photo and logo with their descriptions and changes her name;
 * a visitor sees the pictures on Home and About, with JavaScript and
 * without, and a customer's confirmation email signs with her new name. A
 * server of its own (the pictures are on every page), with an SMTP sink.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 })

const PORT = Number(process.env.E2E_PORT ?? 3210) + 96
const BASE = `http://localhost:${PORT}`
const PHOTOS = mkdtempSync(path.join(tmpdir(), 'bakery-site-pictures-photos-'))
let server: ServerProcess | undefined
let sink: SmtpSink | undefined

test.beforeAll(async () => {
  test.setTimeout(150_000)
  // Photos as a phone's camera roll has them, each its own shape.
  writeFileSync(path.join(PHOTOS, 'hero.jpg'), await photoJpeg({ width: 2400, height: 1600 }))
  writeFileSync(path.join(PHOTOS, 'about.jpg'), await photoJpeg({ width: 900, height: 1200 }))
  writeFileSync(path.join(PHOTOS, 'logo.jpg'), await photoJpeg({ width: 600, height: 600 }))
  sink = await startSmtpSink()
  server = startServerProcess({
    PORT: String(PORT),
    SITE_URL: BASE,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bakery-site-pictures-')),
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    MAIL_TO: OWNER.email,
    SEED_DEMO: 'false',
    DATABASE_URL: '',
    MEDIA_STORE: '',
    SMTP_URL: sink.url,
  })
  await server.ready({ timeoutMs: 140_000 })
})

test.afterAll(async () => {
  server?.child.kill('SIGTERM')
  await server?.exited
  await sink?.close()
})

const PHONE = { width: 375, height: 740 }
test.use({ baseURL: BASE, viewport: PHONE })

/** What a visitor's page shows of her pictures. */
async function expectHerPictures(page: Page) {
  await page.goto('/')
  const hero = page.locator('.hero img.hero-image')
  await expect(hero).toHaveAttribute('alt', 'A lemon cake with pink roses on a stand')
  await expect(hero).toHaveAttribute('src', /^\/media\/site\/hero-.*-1920w\.jpg$/)
  await expect(hero).toHaveAttribute('fetchpriority', 'high')
  await expect(hero).toHaveAttribute('width', '1920')
  await expect(hero).toHaveAttribute('height', '1280')
  await expect(page.locator('.hero picture source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /hero-.*-640w\.avif 640w, .*-1920w\.avif 1920w$/,
  )
  await expectImagesLoaded(hero)
  const logo = page.locator('.brand-mark img')
  await expect(logo).toHaveAttribute('src', /^\/media\/site\/logo-.*-512w\.jpg$/)
  await expect(logo).toHaveAttribute('height', '44')

  await page.goto('/about')
  const about = page.getByRole('img', { name: 'Nadia icing a birthday cake in her kitchen' })
  await expect(about).toHaveAttribute('src', /^\/media\/site\/about-/)
  await expect(about).toHaveAttribute('width', '900')
  await expect(about).toHaveAttribute('height', '1200')
  await expectImagesLoaded(about)
  await expect(page.getByText('— Mira Okafor, founder')).toBeVisible()
}

test('on her phone the owner puts up her own pictures and name, and the site shows them', async ({
  page,
  browser,
}) => {
  await signInOwnSession(page, BASE)
  await page.goto('/admin/settings/site')
  await waitForHydration(page, { intent: false })
  const pictures = page.getByRole('region', { name: 'Pictures', exact: true })
  await shoot(page, 'your-site-pictures-before', { part: pictures })

  // A photo without its description is held back by the form itself.
  const hero = pictures.getByRole('region', { name: 'Home page photo' })
  await hero.getByLabel('Choose a photo').setInputFiles(path.join(PHOTOS, 'hero.jpg'))
  await hero.getByLabel('Describe it').fill('A lemon cake with pink roses on a stand')
  await hero.getByRole('button', { name: 'Save home page photo' }).click()
  await expect(hero.getByRole('status')).toHaveText('Saved. The site shows it now.')
  await expect(hero.getByText('Your own picture is showing.')).toBeVisible()

  const about = pictures.getByRole('region', { name: 'About photo' })
  await about.getByLabel('Choose a photo').setInputFiles(path.join(PHOTOS, 'about.jpg'))
  await about.getByLabel('Describe it').fill('Nadia icing a birthday cake in her kitchen')
  await about.getByRole('button', { name: 'Save About photo' }).click()
  await expect(about.getByRole('status')).toHaveText('Saved. The site shows it now.')

  const logo = pictures.getByRole('region', { name: 'Logo' })
  await logo.getByLabel('Choose a photo').setInputFiles(path.join(PHOTOS, 'logo.jpg'))
  await logo.getByLabel('Describe it').fill('A whisk crossed with a rose')
  await logo.getByRole('button', { name: 'Save logo' }).click()
  await expect(logo.getByRole('status')).toHaveText('Saved. The site shows it now.')
  await shoot(page, 'your-site-pictures-after', { part: pictures })

  const identity = page.getByRole('region', { name: 'Identity' })
  await identity.getByLabel('Your name').fill('Mira Okafor')
  await identity.getByRole('button', { name: 'Save identity' }).click()
  await expect(identity.getByRole('status')).toHaveText('Saved. The site shows it now.')

  // A visitor with JavaScript, and one without: the same pictures.
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ baseURL: BASE, viewport: PHONE, javaScriptEnabled })
    const visitor = await context.newPage()
    await expectHerPictures(visitor)
    if (javaScriptEnabled) {
      await visitor.goto('/')
      await shoot(visitor, 'home-her-pictures')
      await visitor.goto('/about')
      await shoot(visitor, 'about-her-pictures')
    }
    await context.close()
  }

  // A customer's request: the confirmation signs with her new name.
  const due = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10)
  const send = await page.request.post('/ordernow', {
    headers: { origin: BASE, 'content-type': 'application/json' },
    data: JSON.stringify({
      orders: [
        {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          phone_number: '416-555-0123',
          product_type: 'Cakes',
          event_theme: 'A birthday',
          due_date: due,
          hear_about_us: 'Instagram',
        },
      ],
      accept_policies: true,
      website: '',
    }),
  })
  expect(send.status()).toBe(200)
  await expect
    .poll(
      () => sink!.messages.find((mail) => mail.to && JSON.stringify(mail.to).includes('ada@')),
      {
        timeout: 20_000,
      },
    )
    .toBeTruthy()
  const confirmation = sink!.messages.find((mail) => JSON.stringify(mail.to).includes('ada@'))!
  expect(confirmation.text).toContain('Mira Okafor')
  expect(confirmation.text).not.toContain('Nadia Ferreira')
  expect(confirmation.html).toContain('Warmly,<br>Mira Okafor')
})

test('without JavaScript she replaces the About photo and the old one is gone', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: BASE, viewport: PHONE })
  const page = await context.newPage()
  await signInOwnSession(page, BASE)
  await page.goto('/about')
  const old = await page
    .getByRole('img', { name: 'Nadia icing a birthday cake in her kitchen' })
    .getAttribute('src')
  const cookies = await context.cookies()
  await context.close()

  const plain = await browser.newContext({
    baseURL: BASE,
    viewport: PHONE,
    javaScriptEnabled: false,
  })
  await plain.addCookies(cookies)
  const form = await plain.newPage()
  await form.goto('/admin/settings/site#site-pictures')
  const about = form.getByRole('region', { name: 'About photo' })
  await about.getByLabel('Replace with a new photo').setInputFiles(path.join(PHOTOS, 'hero.jpg'))
  await about.getByLabel('Describe it').fill('The kitchen window with cakes cooling')
  await about.getByRole('button', { name: 'Save About photo' }).click()
  await expect(form.getByRole('region', { name: 'About photo' }).getByRole('status')).toHaveText(
    'Saved. The site shows it now.',
  )

  await form.goto('/about')
  await expect(
    form.getByRole('img', { name: 'The kitchen window with cakes cooling' }),
  ).toBeVisible()
  // The replaced photo's files are gone from the store.
  expect((await form.request.get(old!)).status()).toBe(404)
  await plain.close()
})
